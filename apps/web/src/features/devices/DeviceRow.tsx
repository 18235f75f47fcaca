import { memo, useMemo } from 'react';
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
import type { Device, Position, SpeedUnit } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { useLiveDevice, useLivePosition } from '../../api/liveStore.ts';
import { CategoryIcon } from './CategoryIcon.tsx';
import { deviceCategory } from './deviceFilter.ts';
import { deviceStatus, isMoving } from './deviceStatus.ts';
import { StatusChip } from './StatusChip.tsx';
import { relativeParts } from '../../ui/time.ts';
import { formatSpeed } from '../../ui/units.ts';
import { hasAlarm } from './deviceSort.ts';

export const DEVICE_ROW_HEIGHT = 60;

interface DeviceRowProps {
  device: Device;
  position: Position | undefined;
  anchored: boolean;
  selected: boolean;
  now: number;
  speedUnit: SpeedUnit;
  /** The absolute time on the user's clock and zone (`useFormats().dateTime`), passed down so a row asks no hook for it. */
  formatTime: (time: string) => string;
  onSelect: (deviceId: number) => void;
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * `formatRelativeTime` with one formatter per locale: building an Intl formatter costs about a
 * millisecond, and the clock's tick re-renders every visible row at once.
 */
function relativeTime(iso: string, now: number, locale: string): string {
  let format = relativeFormats.get(locale);
  if (!format) relativeFormats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })));
  const [value, unit] = relativeParts(Date.parse(iso), now);
  return format.format(value, unit);
}

function colorOf(device: Device): string | undefined {
  const color = device.attributes['tarkan.color'];
  return typeof color === 'string' && /^#[0-9a-f]{3,6}$/i.test(color) ? color : undefined;
}

export const DeviceRow = memo(function DeviceRow({ device, position, anchored, selected, now, speedUnit, formatTime, onSelect }: DeviceRowProps) {
  const { t, i18n } = useTranslation();
  const lastUpdate = device.lastUpdate ?? position?.fixTime;
  // the clock's tick re-renders the row; the absolute time changes only with the update itself
  const lastUpdateTitle = useMemo(() => (lastUpdate ? formatTime(lastUpdate) : undefined), [lastUpdate, formatTime]);
  const details = [
    lastUpdate ? relativeTime(lastUpdate, now, i18n.language) : t('common.never'),
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
        slotProps={{ primary: { noWrap: true, fontWeight: 500 }, secondary: { noWrap: true, title: lastUpdateTitle } }}
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

/**
 * A row that follows its own device live: a frame of updates re-renders the visible rows whose
 * device changed, not the list. `device` is the listed one, shown until the live store has it.
 */
export const LiveDeviceRow = memo(function LiveDeviceRow({ device: listed, ...props }: Omit<DeviceRowProps, 'position'>) {
  const device = useLiveDevice(listed.id) ?? listed;
  const position = useLivePosition(listed.id);
  return <DeviceRow {...props} device={device} position={position} />;
});
