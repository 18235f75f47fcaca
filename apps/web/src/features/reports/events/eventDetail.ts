import type { Event } from '@rastro/api';
import { NAME_KEYS, nameOf } from '../../../i18n/names.ts';
import { ALARM_KINDS } from './eventKinds.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

interface DetailFormat {
  speed: (knots: number) => string;
  number: (value: number) => string;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);

/** The type of an event in the user's language; a type outside the catalog shows as sent. */
export function eventTypeLabel(type: string, t: Translate, exists: (key: string) => boolean): string {
  return nameOf({ t, exists }, 'eventType', type);
}

/** The alarm kinds of an event: Traccar joins several with commas. Known kinds are in every catalog (i18n/names.test.ts). */
export function alarmLabel(alarm: unknown, t: Translate): string | null {
  const value = text(alarm);
  if (!value) return null;
  return value
    .split(',')
    .map((kind) => (ALARM_KINDS.includes(kind) ? t(`${NAME_KEYS.alarm}.${kind}`) : kind))
    .join(', ');
}

/** The names of what events point to by id; absent or unknown ids give `undefined`. */
export interface EventNames {
  geofence?: (id: number) => string | undefined;
  maintenance?: (id: number) => string | undefined;
}

/** Events that carry nothing beyond their type: the column says what happened in a sentence. */
const SENTENCE_TYPES = new Set([
  'deviceOnline', 'deviceOffline', 'deviceUnknown', 'deviceInactive', 'deviceMoving', 'deviceStopped', 'ignitionOn', 'ignitionOff',
]);

/**
 * What an event carries worth a column: the alarm kind, the speed over the limit, the geofence, the
 * new driver, … and for the events that carry nothing else, what happened in a sentence, so the
 * column is never blank for a known type.
 */
export function eventDetail(event: Pick<Event, 'type' | 'attributes'> & Partial<Pick<Event, 'geofenceId' | 'maintenanceId'>>, t: Translate, format: DetailFormat, names: EventNames = {}): string {
  const { attributes } = event;
  const geofence = event.geofenceId ? (names.geofence?.(event.geofenceId) ?? `#${event.geofenceId}`) : null;
  const inGeofence = (text: string) => (geofence ? t('reports.events.inGeofence', { text, geofence }) : text);
  switch (event.type) {
    case 'alarm':
      return inGeofence(alarmLabel(attributes.alarm, t) ?? '');
    case 'geofenceEnter':
    case 'geofenceExit':
      return geofence ?? '';
    case 'deviceOverspeed': {
      const speed = attributes.speed;
      const limit = attributes.speedLimit;
      if (typeof speed !== 'number') return '';
      return inGeofence(
        typeof limit === 'number' && limit > 0
          ? t('reports.events.overspeed', { speed: format.speed(speed), limit: format.speed(limit) })
          : format.speed(speed),
      );
    }
    case 'maintenance': {
      const name = event.maintenanceId ? (names.maintenance?.(event.maintenanceId) ?? `#${event.maintenanceId}`) : '';
      return name;
    }
    case 'deviceFuelDrop': {
      const before = attributes.before;
      const after = attributes.after;
      return typeof before === 'number' && typeof after === 'number'
        ? t('reports.events.fuelDrop', { before: `${format.number(before)} L`, after: `${format.number(after)} L` })
        : '';
    }
    case 'driverChanged':
      return text(attributes.driverUniqueId) ?? '';
    case 'commandResult':
      return text(attributes.result) ?? '';
    case 'textMessage':
      return text(attributes.message) ?? '';
    default:
      return SENTENCE_TYPES.has(event.type) ? t(`reports.events.sentences.${event.type}`) : '';
  }
}
