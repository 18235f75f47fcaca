import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Device, Position } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../state/formats.ts';
import { useSpeedUnit } from '../../../state/preferences.ts';
import { deviceStatus, isMoving } from '../deviceStatus.ts';
import { StatusChip } from '../StatusChip.tsx';
import { AddressText } from '../../../ui/AddressText.tsx';
import { formatRelativeTime } from '../../../ui/time.ts';
import { formatSpeed } from '../../../ui/units.ts';
import { useNow } from '../../../ui/useNow.ts';

/** Status, last update, speed, address (looked up on display) and coordinates. */
export function DeviceSummary({ device, position }: { device: Device; position: Position | undefined }) {
  const { t, i18n } = useTranslation();
  const speedUnit = useSpeedUnit();
  const formats = useFormats();
  const now = useNow(30_000);
  const lastUpdate = device.lastUpdate ?? position?.fixTime;

  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
        <StatusChip status={deviceStatus(device)} />
        {position && (
          <Typography variant="body2" fontWeight={600}>
            {formatSpeed(position.speed, speedUnit, i18n.language)}
            {isMoving(position) ? ` · ${t('devices.moving')}` : ` · ${t('devices.stopped')}`}
          </Typography>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" data-testid="device-last-update">
        {t('device.lastUpdate')}: {lastUpdate ? (
          <>
            {formatRelativeTime(lastUpdate, now, i18n.language)} · <span style={{ whiteSpace: 'nowrap' }}>{formats.dateTime(lastUpdate)}</span>
          </>
        ) : t('common.never')}
      </Typography>
      {position && (
        <Typography variant="body2" data-testid="device-address">
          {/* a new device starts afresh; its moves are looked up once they settle */}
          <AddressText key={device.id} live latitude={position.latitude} longitude={position.longitude} address={position.address} />
        </Typography>
      )}
      {position && (
        <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="device-coordinates">
          {formats.point(position.latitude, position.longitude)} · {Math.round(position.course)}°
        </Typography>
      )}
    </Stack>
  );
}
