import Typography from '@mui/material/Typography';
import type { Device, Position } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { useDistanceUnit } from '../../../state/preferences.ts';
import { formatDistance } from '../../../ui/distance.ts';
import { driverOf } from '../deviceSort.ts';

function numberAttribute(position: Position | undefined, key: string): number | null {
  const value = position?.attributes[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Spec §2 device details: odometer, fuel, battery, ignition, lock, driver and alarm of the latest position. */
export function DeviceReadings({ device, position }: { device: Device; position: Position | undefined }) {
  const { t, i18n } = useTranslation();
  const unit = useDistanceUnit();
  const number = (value: number, digits = 1) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(value);
  const yesNo = (value: unknown) => (value === undefined ? null : value === true ? t('common.yes') : t('common.no'));

  const odometer = numberAttribute(position, 'odometer') ?? numberAttribute(position, 'totalDistance');
  const fuel = numberAttribute(position, 'fuel');
  const battery = numberAttribute(position, 'batteryLevel');
  const power = numberAttribute(position, 'power');
  const alarm = position?.attributes.alarm;
  const alarms = typeof alarm === 'string' && alarm !== '' ? alarm.split(',').map((kind) => t(`alarms.${kind.trim()}`, { defaultValue: kind.trim() })) : [];
  const driver = driverOf(device, position);

  const rows: [string, string | null][] = [
    ['odometer', odometer === null ? null : formatDistance(odometer, unit, i18n.language)],
    ['fuel', fuel === null ? null : `${number(fuel)} %`],
    ['battery', battery === null ? null : `${number(battery, 0)} %`],
    ['power', power === null ? null : `${number(power)} V`],
    ['ignition', yesNo(position?.attributes.ignition)],
    ['locked', yesNo(position?.attributes.blocked)],
    ['driver', driver || null],
    ['alarms', alarms.length ? alarms.join(', ') : t('devices.readings.noAlarm')],
  ];

  return (
    <dl data-testid="device-readings" style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '6px 16px' }}>
      {rows.map(([key, value]) => (
        <div key={key} style={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">{t(`devices.readings.${key}`)}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid={`reading-${key}`} color={key === 'alarms' && alarms.length ? 'error' : undefined}>
            {value ?? t('common.none')}
          </Typography>
        </div>
      ))}
    </dl>
  );
}
