import { memo } from 'react';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { Device, Position } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { deviceStatus, isMoving } from '../../ui/deviceStatus.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { formatRelativeTime } from '../../ui/time.ts';
import { formatSpeed, type SpeedUnit } from '../../ui/units.ts';

interface DeviceRowProps {
  device: Device;
  position: Position | undefined;
  selected: boolean;
  now: number;
  speedUnit: SpeedUnit;
  onSelect(deviceId: number): void;
}

export const DeviceRow = memo(function DeviceRow({ device, position, selected, now, speedUnit, onSelect }: DeviceRowProps) {
  const { t, i18n } = useTranslation();
  const lastUpdate = device.lastUpdate ?? position?.fixTime;
  const details = [
    lastUpdate ? formatRelativeTime(lastUpdate, now, i18n.language) : t('common.never'),
    position && formatSpeed(position.speed, speedUnit, i18n.language),
    isMoving(position) && t('devices.moving'),
  ].filter(Boolean);

  return (
    <ListItemButton
      data-testid="device-row"
      data-device-id={device.id}
      selected={selected}
      onClick={() => onSelect(device.id)}
      divider
    >
      <ListItemText
        primary={device.name}
        secondary={details.join(' · ')}
        slotProps={{ primary: { noWrap: true, fontWeight: 500 }, secondary: { noWrap: true } }}
      />
      <StatusChip status={deviceStatus(device)} />
    </ListItemButton>
  );
});
