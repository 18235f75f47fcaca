import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { setNotificationsMuted, useNotificationsMuted } from '../state/mute.ts';

export function MuteToggle() {
  const { t } = useTranslation();
  const muted = useNotificationsMuted();
  const label = muted ? t('shell.unmute') : t('shell.mute');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} aria-pressed={muted} onClick={() => setNotificationsMuted(!muted)}>
        {muted ? <VolumeOffIcon /> : <VolumeUpIcon />}
      </IconButton>
    </Tooltip>
  );
}
