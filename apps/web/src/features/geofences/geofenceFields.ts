import type { TFunction } from 'i18next';
import { KNOTS_TO_KMH } from '@rastro/api';
import type { Geofence } from '../../api/geofences.ts';
import type { FieldOption, FieldSpec } from '../../ui/entity/fields.ts';

/** Spec §3 Geofence: the form beside the drawing. Speed limit: km/h on screen, knots on the wire. */
export function geofenceFields(t: TFunction, calendars: FieldOption[]): FieldSpec<Geofence>[] {
  return [
    { path: 'name', label: t('geofences.name'), kind: 'text', required: true, requiredMessage: t('geofences.nameRequired') },
    { path: 'description', label: t('geofences.description'), kind: 'text' },
    { path: 'attributes.color', label: t('geofences.color'), kind: 'color' },
    { path: 'attributes.speedLimit', label: t('geofences.speedLimit'), kind: 'number', scale: KNOTS_TO_KMH },
    { path: 'calendarId', label: t('geofences.calendar'), kind: 'select', options: calendars },
    { path: 'attributes.lockOnExit', label: t('geofences.lockOnExit'), kind: 'boolean' },
  ];
}

const DEFAULT_COLOR = '#1976d2';

export function colorOf(geofence: Geofence): string {
  const color = geofence.attributes.color;
  return typeof color === 'string' && /^#[0-9a-f]{6}$/i.test(color) ? color : DEFAULT_COLOR;
}

/** Spec §3: an anchor is a geofence flagged isAnchor, tied to a device. */
export function anchorDeviceId(geofence: Geofence): number | null {
  return geofence.attributes.isAnchor === true && typeof geofence.attributes.deviceId === 'number' ? geofence.attributes.deviceId : null;
}
