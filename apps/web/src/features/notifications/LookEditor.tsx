import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { Attributes } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { TOAST_COLORS, TOAST_POSITIONS, lookOf } from './notificationLook.ts';
import { CUSTOM_SOUND, MUTE_SOUND, SOUNDS, playSound } from './sounds.ts';

/** The web channel's look of a rule: sound (with a preview), colour, pin and corner. */
export function LookEditor({ attributes, onChange }: { attributes: Attributes; onChange: (attributes: Attributes) => void }) {
  const { t } = useTranslation();
  const look = lookOf(attributes);
  const set = (key: string, value: string | boolean | undefined) => {
    const { [key]: _removed, ...others } = attributes;
    onChange(value === undefined || value === false || value === '' ? others : { ...attributes, [key]: value });
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <TextField select size="small" fullWidth label={t('notifications.sound')} value={look.sound} onChange={(event) => set('tarkan.sound', event.target.value)} slotProps={{ htmlInput: { 'data-field': 'attributes.tarkan.sound' } }}>
          <MenuItem value={MUTE_SOUND}>{t('notifications.mute')}</MenuItem>
          {SOUNDS.map((sound, index) => (
            <MenuItem key={sound} value={sound}>
              {t('notifications.soundNumber', { number: index + 1 })}
            </MenuItem>
          ))}
          <MenuItem value={CUSTOM_SOUND}>{t('notifications.customSound')}</MenuItem>
        </TextField>
        <Tooltip title={t('notifications.play')}>
          <span>
            <IconButton onClick={() => playSound(look.sound, look.soundUrl)} disabled={look.sound === MUTE_SOUND} aria-label={t('notifications.play')}>
              <PlayArrowIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      {look.sound === CUSTOM_SOUND && (
        <TextField size="small" fullWidth type="url" label={t('notifications.soundUrl')} value={look.soundUrl ?? ''} onChange={(event) => set('tarkan.soundURL', event.target.value)} />
      )}
      <TextField select size="small" fullWidth label={t('notifications.color')} value={look.color ?? ''} onChange={(event) => set('tarkan.color', event.target.value)}>
        <MenuItem value="">{t('notifications.defaultColor')}</MenuItem>
        {Object.entries(TOAST_COLORS).map(([name, [background, text]]) => (
          <MenuItem key={name} value={name}>
            <Box component="span" sx={{ px: 1, borderRadius: 1, bgcolor: background, color: text }}>
              {t(`notifications.colors.${name}`)}
            </Box>
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" fullWidth label={t('notifications.position')} value={look.position} onChange={(event) => set('tarkan.position', event.target.value)}>
        {TOAST_POSITIONS.map((position) => (
          <MenuItem key={position} value={position}>
            {t(`notifications.positions.${position}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel control={<Switch checked={look.pin} onChange={(event) => set('tarkan.pin', event.target.checked)} />} label={t('notifications.pin')} />
    </Stack>
  );
}
