import type { TFunction } from 'i18next';
import { KNOTS_TO_KMH } from '@rastro/api';
import type { Geofence } from '../../api/geofences.ts';
import type { FieldOption, FieldSpec } from '../../ui/entity/fields.ts';
import { geofenceColor } from '../../ui/geofenceColor.ts';

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

export function colorOf(geofence: Geofence): string {
  return geofenceColor(geofence.attributes);
}

/** The geofence with the colour it shows written into it, so that what is saved is what was seen. */
export function withShownColor(geofence: Geofence): Geofence {
  return { ...geofence, attributes: { ...geofence.attributes, color: colorOf(geofence) } };
}

/** Spec §3: an anchor is a geofence flagged isAnchor, tied to a device. */
export function anchorDeviceId(geofence: Geofence): number | null {
  return geofence.attributes.isAnchor === true && typeof geofence.attributes.deviceId === 'number' ? geofence.attributes.deviceId : null;
}
