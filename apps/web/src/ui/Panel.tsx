import { useEffect, useRef, useState, type ReactNode } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import CloseIcon from '@mui/icons-material/Close';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMapInstance } from '../state/mapInstance.ts';
import { padMap } from './mapPadding.ts';

interface PanelProps {
  title: string;
  onBack: () => void;
  onClose: () => void;
  /** Extra toolbar buttons, before the size toggles. */
  actions?: ReactNode;
  children: ReactNode;
}

/** The start of a sheet's title bar: back, then the title taking the room left. */
export function BackAndTitle({ title, onBack }: { title: string; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Tooltip title={t('common.back')}>
        <IconButton onClick={onBack} aria-label={t('common.back')}>
          <ArrowBackIcon />
        </IconButton>
      </Tooltip>
      <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }} noWrap>
        {title}
      </Typography>
    </>
  );
}

/** Height of the bottom sheet on a phone when neither minimised nor expanded. */
const SHEET_HEIGHT = '55%';

/**
 * The page panel over the map: a column on the left on a desktop, a bottom sheet on a phone that
 * can be minimised to its title bar or expanded to the whole screen. `?expand=true|false` sets the
 * expansion, so a link can open a page expanded; the toggle keeps it in the address.
 */
export function Panel({ title, onBack, onClose, actions, children }: PanelProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [params, setParams] = useSearchParams();
  const expanded = params.get('expand') === 'true';
  const [minimised, setMinimised] = useState(false);
  const element = useRef<HTMLElement>(null);
  const map = useMapInstance();

  // the map centres what it shows (a picked device, a fitted route) in the part the panel leaves free
  useEffect(() => {
    const panel = element.current;
    if (!map || !panel) return;
    const pad = () => {
      const { width, height } = panel.getBoundingClientRect();
      padMap(map, { top: 0, right: 0, left: phone ? 0 : width, bottom: phone ? height : 0 });
    };
    pad();
    const observer = new ResizeObserver(pad);
    observer.observe(panel);
    return () => {
      observer.disconnect();
      padMap(map, { top: 0, right: 0, left: 0, bottom: 0 });
    };
  }, [map, phone]);

  const toggleExpanded = () => {
    setMinimised(false);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('expand', String(!expanded));
        return next;
      },
      { replace: true },
    );
  };

  const sheetHeight = minimised ? 'auto' : expanded ? '100%' : SHEET_HEIGHT;
  return (
    <Paper
      ref={element}
      component="section"
      aria-label={title}
      data-testid="panel"
      elevation={4}
      square={!phone}
      sx={{
        position: 'absolute',
        zIndex: 2,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        ...(phone
          ? { left: 0, right: 0, bottom: 0, height: sheetHeight, borderBottomLeftRadius: 0, borderBottomRightRadius: 0 }
          : { top: 0, bottom: 0, left: 0, width: expanded ? 'min(720px, 60vw)' : 400 }),
      }}
    >
      <Toolbar
        variant="dense"
        disableGutters
        // seven buttons and a title share a phone's width
        sx={{ px: 0.5, borderBottom: 1, borderColor: 'divider', flexShrink: 0, '& .MuiIconButton-root': { p: { xs: 0.75, sm: 1 } } }}
      >
        <BackAndTitle title={title} onBack={onBack} />
        {actions}
        {phone && (
          <Tooltip title={minimised ? t('common.restore') : t('common.minimise')}>
            <IconButton onClick={() => setMinimised(!minimised)} aria-label={minimised ? t('common.restore') : t('common.minimise')} aria-pressed={minimised}>
              {minimised ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={expanded ? t('common.collapse') : t('common.expand')}>
          <IconButton onClick={toggleExpanded} aria-label={expanded ? t('common.collapse') : t('common.expand')} aria-pressed={expanded}>
            {expanded ? <CloseFullscreenIcon fontSize="small" /> : <OpenInFullIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
        <Tooltip title={t('common.close')}>
          <IconButton onClick={onClose} aria-label={t('common.close')}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Toolbar>
      {/* hidden rather than unmounted, so a restored sheet keeps its scroll and state */}
      <Box sx={{ display: phone && minimised ? 'none' : 'contents' }}>{children}</Box>
    </Paper>
  );
}
