import type { ReactNode } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface PanelProps {
  title: string;
  onBack(): void;
  onClose(): void;
  children: ReactNode;
}

/** Left-hand panel floating over the map, with back and close buttons. */
export function Panel({ title, onBack, onClose, children }: PanelProps) {
  const { t } = useTranslation();
  return (
    <Paper
      component="section"
      aria-label={title}
      elevation={4}
      square
      sx={{
        position: 'absolute',
        zIndex: 2,
        top: 0,
        bottom: 0,
        left: 0,
        width: { xs: '100%', sm: 400 },
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
      }}
    >
      <Toolbar variant="dense" disableGutters sx={{ px: 0.5, borderBottom: 1, borderColor: 'divider' }}>
        <Tooltip title={t('common.back')}>
          <IconButton onClick={onBack} aria-label={t('common.back')}>
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }} noWrap>
          {title}
        </Typography>
        <Tooltip title={t('common.close')}>
          <IconButton onClick={onClose} aria-label={t('common.close')}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Toolbar>
      {children}
    </Paper>
  );
}
