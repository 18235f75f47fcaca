import { useEffect, useRef, useState, type ReactNode } from 'react';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { BackAndTitle } from '../../../ui/Panel.tsx';
import { mapInset } from '../map/mapInset.ts';

interface ReportSheetProps {
  title: string;
  onBack: () => void;
  /** Buttons at the right of the title (export, chart, …). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A report's sheet over the bottom of the map, which stays visible above it with what the report
 * draws; it can be expanded over the whole map to read a long table.
 */
export function ReportSheet({ title, onBack, actions, children }: ReportSheetProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const sheet = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = sheet.current;
    if (!element) return;
    const observer = new ResizeObserver(() => mapInset.set(element.offsetHeight));
    observer.observe(element);
    return () => {
      observer.disconnect();
      mapInset.set(0);
    };
  }, []);

  return (
    <Paper
      ref={sheet}
      component="section"
      aria-label={title}
      elevation={8}
      square
      sx={{
        position: 'absolute',
        zIndex: 4,
        left: 0,
        right: 0,
        bottom: 0,
        height: expanded ? '100%' : { xs: '58%', sm: '50%' },
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Toolbar variant="dense" disableGutters sx={{ px: 0.5, gap: 0.5, borderBottom: 1, borderColor: 'divider', flexShrink: 0 }}>
        <BackAndTitle title={title} onBack={onBack} />
        <Stack direction="row" alignItems="center" spacing={0.5}>
          {actions}
          <Tooltip title={expanded ? t('reports.sheet.collapse') : t('reports.sheet.expand')}>
            <IconButton
              onClick={() => setExpanded(!expanded)}
              aria-label={expanded ? t('reports.sheet.collapse') : t('reports.sheet.expand')}
              aria-pressed={expanded}
            >
              {expanded ? <CloseFullscreenIcon /> : <OpenInFullIcon />}
            </IconButton>
          </Tooltip>
        </Stack>
      </Toolbar>
      {children}
    </Paper>
  );
}
