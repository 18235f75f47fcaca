import Typography from '@mui/material/Typography';
import type { Device, Position } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { useServerInfo } from '../../../api/queries.ts';
import { alarmNames, nameOf } from '../../../i18n/names.ts';
import { useFormats } from '../../../state/formats.ts';
import { useDistanceUnit, useSpeedUnit } from '../../../state/preferences.ts';
import { useSessionUser } from '../../../state/session.ts';
import { formatDuration } from '../../../ui/duration.ts';
import { formatDistance, formatSpeed } from '../../../ui/units.ts';
import { driverOf } from '../deviceSort.ts';
import { readingKeysOf } from './readingKeys.ts';

function numberAttribute(position: Position | undefined, key: string): number | null {
  const value = position?.attributes[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Attributes Traccar keeps in metres, and in milliseconds. */
const DISTANCE_KEYS = new Set(['odometer', 'totalDistance', 'distance', 'tripOdometer']);
const DURATION_KEYS = new Set(['hours']);
/** The default set's rows keep their own names (and test ids). */
const ROW_NAMES: Record<string, string> = { batteryLevel: 'battery', blocked: 'locked', driverUniqueId: 'driver', alarm: 'alarms' };
// Traccar's units: `fuel` in litres, `fuelLevel` in percent
const PERCENT_KEYS = new Set(['fuelLevel', 'batteryLevel']);
const LITRE_KEYS = new Set(['fuel', 'fuelUsed']);
const VOLT_KEYS = new Set(['power', 'battery']);
/** Fields of the device that a list may name beside the attributes (the position's are in the switch). */
const DEVICE_FIELDS = ['phone', 'model', 'contact'] as const;

/**
 * Spec §2 device details: the readings of the latest position — by default odometer (and the
 * tracker's own when it reports one), fuel, battery, power, ignition, lock, driver and alarm; the
 * keys of `tarkan.deviceAttributes` when it lists some.
 */
export function DeviceReadings({ device, position }: { device: Device; position: Position | undefined }) {
  const { t, i18n } = useTranslation();
  const distanceUnit = useDistanceUnit();
  const speedUnit = useSpeedUnit();
  const formats = useFormats();
  const keys = readingKeysOf(useSessionUser(), useServerInfo().data?.server);
  const number = (value: number, digits = 1) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(value);
  const yesNo = (value: unknown) => (typeof value === 'boolean' ? (value ? t('common.yes') : t('common.no')) : null);
  const alarms = alarmNames(i18n, position?.attributes.alarm);

  const text = (key: string, value: unknown): string | null => {
    if (value === undefined || value === null || value === '') return null;
    if (typeof value === 'boolean') return yesNo(value);
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return null;
      if (DISTANCE_KEYS.has(key)) return formatDistance(value, distanceUnit, i18n.language);
      if (DURATION_KEYS.has(key)) return formatDuration(value);
      if (PERCENT_KEYS.has(key)) return `${number(value, key === 'batteryLevel' ? 0 : 1)} %`;
      if (VOLT_KEYS.has(key)) return `${number(value)} V`;
      if (LITRE_KEYS.has(key)) return `${number(value)} L`;
      return number(value, 2);
    }
    return typeof value === 'string' ? value : JSON.stringify(value);
  };

  /** [test id, label, value] of one key. */
  const row = (key: string): [string, string, string | null] => {
    switch (key) {
      // the accumulator the device editor sets, and apart from it the tracker's own reading (readingKeys.ts)
      case 'odometer':
        return ['odometer', t('devices.readings.odometer'), text(key, numberAttribute(position, 'totalDistance'))];
      case 'trackerOdometer':
        return ['trackerOdometer', t('devices.readings.trackerOdometer'), text('odometer', numberAttribute(position, 'odometer'))];
      case 'fuel':
      case 'batteryLevel':
      case 'power':
      case 'ignition':
      case 'blocked':
        return [ROW_NAMES[key] ?? key, t(`devices.readings.${ROW_NAMES[key] ?? key}`), text(key, position?.attributes[key])];
      case 'driverUniqueId':
        return ['driver', t('devices.readings.driver'), driverOf(device, position) || null];
      case 'alarm':
        return ['alarms', t('devices.readings.alarms'), alarms.length ? alarms.join(', ') : t('devices.readings.noAlarm')];
      case 'speed':
        return [key, nameOf(i18n, 'attribute', key), position ? formatSpeed(position.speed, speedUnit, i18n.language) : null];
      case 'course':
        return [key, t('devices.readings.course'), position ? `${Math.round(position.course)}°` : null];
      case 'altitude':
      case 'accuracy':
        return [key, nameOf(i18n, 'attribute', key), position ? `${number(position[key], 0)} m` : null];
      case 'latitude':
      case 'longitude':
        return [key, t(`devices.readings.${key}`), position ? formats.coordinate(position[key], key) : null];
    }
    const fromDevice = (DEVICE_FIELDS as readonly string[]).includes(key) ? device[key as (typeof DEVICE_FIELDS)[number]] : device.attributes[key];
    return [key, nameOf(i18n, 'attribute', key), text(key, position?.attributes[key] ?? fromDevice)];
  };
  const rows = keys.map((key) => [key, ...row(key)] as const).filter(([key, , , value]) => key !== 'trackerOdometer' || value !== null);

  return (
    <dl data-testid="device-readings" style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '6px 16px' }}>
      {rows.map(([key, id, label, value]) => (
        <div key={key} style={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">{label}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid={`reading-${id}`} color={id === 'alarms' && alarms.length ? 'error' : undefined}>
            {value ?? t('common.none')}
          </Typography>
        </div>
      ))}
    </dl>
  );
}
