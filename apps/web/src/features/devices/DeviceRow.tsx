import { memo } from 'react';
import AnchorIcon from '@mui/icons-material/Anchor';
import KeyIcon from '@mui/icons-material/Key';
import LockIcon from '@mui/icons-material/Lock';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Avatar from '@mui/material/Avatar';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { Device, Position } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { CategoryIcon } from '../../ui/CategoryIcon.tsx';
import { deviceCategory } from '../../ui/deviceFilter.ts';
import { deviceStatus, isMoving } from '../../ui/deviceStatus.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { formatRelativeTime } from '../../ui/time.ts';
import { formatSpeed, type SpeedUnit } from '../../ui/units.ts';
import { hasAlarm } from './deviceSort.ts';

export const DEVICE_ROW_HEIGHT = 60;

interface DeviceRowProps {
  device: Device;
  position: Position | undefined;
  anchored: boolean;
  selected: boolean;
  now: number;
  speedUnit: SpeedUnit;
  onSelect(deviceId: number): void;
}

function colorOf(device: Device): string | undefined {
  const color = device.attributes['tarkan.color'];
  return typeof color === 'string' && /^#[0-9a-f]{3,6}$/i.test(color) ? color : undefined;
}

export const DeviceRow = memo(function DeviceRow({ device, position, anchored, selected, now, speedUnit, onSelect }: DeviceRowProps) {
  const { t, i18n } = useTranslation();
  const lastUpdate = device.lastUpdate ?? position?.fixTime;
  const details = [
    lastUpdate ? formatRelativeTime(lastUpdate, now, i18n.language) : t('common.never'),
    position && formatSpeed(position.speed, speedUnit, i18n.language),
    isMoving(position) && t('devices.moving'),
  ].filter(Boolean);
  const flags = [
    position?.attributes.ignition === true && { key: 'ignition', icon: <KeyIcon color="success" />, label: t('devices.flags.ignition') },
    position?.attributes.blocked === true && { key: 'locked', icon: <LockIcon color="error" />, label: t('devices.flags.locked') },
    anchored && { key: 'anchor', icon: <AnchorIcon color="primary" />, label: t('devices.flags.anchor') },
    hasAlarm(position) && { key: 'alert', icon: <WarningAmberIcon color="warning" />, label: t('devices.flags.alert') },
  ].filter((flag) => flag !== false);

  return (
    <ListItemButton
      component="div"
      data-testid="device-row"
      data-device-id={device.id}
      selected={selected}
      onClick={() => onSelect(device.id)}
      divider
      sx={{ height: DEVICE_ROW_HEIGHT, gap: 1 }}
    >
      <ListItemAvatar sx={{ minWidth: 0 }}>
        <Avatar sx={{ width: 36, height: 36, bgcolor: colorOf(device) ?? 'primary.main', color: '#fff' }}>
          <CategoryIcon category={deviceCategory(device)} fontSize="small" />
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        primary={device.name}
        secondary={details.join(' · ')}
        sx={{ minWidth: 0 }}
        slotProps={{ primary: { noWrap: true, fontWeight: 500 }, secondary: { noWrap: true } }}
      />
      {flags.length > 0 && (
        <Stack direction="row" spacing={0.25} sx={{ '& svg': { fontSize: 18 } }}>
          {flags.map((flag) => (
            <Tooltip key={flag.key} title={flag.label}>
              <span role="img" aria-label={flag.label} data-testid={`flag-${flag.key}`} style={{ display: 'flex' }}>
                {flag.icon}
              </span>
            </Tooltip>
          ))}
        </Stack>
      )}
      <StatusChip status={deviceStatus(device)} />
    </ListItemButton>
  );
});
