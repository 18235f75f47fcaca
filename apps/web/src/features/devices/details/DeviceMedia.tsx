import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Device, Position } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../api/http.ts';
import { useFormats } from '../../../state/formats.ts';

const KINDS = ['image', 'video', 'audio'] as const;

/** Whether the position names a file the device sent. */
export function hasMedia(position: Position | undefined): boolean {
  return KINDS.some((kind) => typeof position?.attributes[kind] === 'string' && position.attributes[kind] !== '');
}

/**
 * The photo, clip or voice message the device sent with its latest position (dashcams, JT808
 * cameras, watches): shown in place, with a link to open it whole. Nothing when there is none.
 */
export function DeviceMedia({ device, position }: { device: Device; position: Position | undefined }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const files = KINDS.flatMap((kind) => {
    const file = position?.attributes[kind];
    return typeof file === 'string' && file !== '' ? [{ kind, url: mediaUrl(device.uniqueId, file) }] : [];
  });
  if (!files.length || !position) return null;
  const time = formats.dateTime(position.fixTime);
  return (
    <Box data-testid="device-media" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {files.map(({ kind, url }) => (
        <Box key={kind} sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {kind === 'image' && (
            <Link href={url} target="_blank" rel="noopener">
              <Box component="img" src={url} alt={t('devices.media.image', { time })} loading="lazy" sx={{ width: '100%', maxHeight: 240, objectFit: 'contain', borderRadius: 1, bgcolor: 'action.hover' }} />
            </Link>
          )}
          {kind === 'video' && <Box component="video" src={url} controls preload="metadata" sx={{ width: '100%', maxHeight: 240, borderRadius: 1 }} aria-label={t('devices.media.video', { time })} />}
          {kind === 'audio' && <Box component="audio" src={url} controls preload="none" sx={{ width: '100%' }} aria-label={t('devices.media.audio', { time })} />}
          <Typography variant="caption" color="text.secondary">
            {t(`devices.media.${kind}`, { time })} · <Link href={url} target="_blank" rel="noopener">{t('devices.media.open')}</Link>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
