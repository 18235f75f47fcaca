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

/** What an event carries worth a column: the alarm kind, the speed over the limit, the new driver, … */
export function eventDetail(event: Pick<Event, 'type' | 'attributes'>, t: Translate, format: DetailFormat): string {
  const { attributes } = event;
  switch (event.type) {
    case 'alarm':
      return alarmLabel(attributes.alarm, t) ?? '';
    case 'deviceOverspeed': {
      const speed = attributes.speed;
      const limit = attributes.speedLimit;
      if (typeof speed !== 'number') return '';
      return typeof limit === 'number' && limit > 0
        ? t('reports.events.overspeed', { speed: format.speed(speed), limit: format.speed(limit) })
        : format.speed(speed);
    }
    case 'deviceFuelDrop': {
      const before = attributes.before;
      const after = attributes.after;
      return typeof before === 'number' && typeof after === 'number'
        ? t('reports.events.fuelDrop', { before: format.number(before), after: format.number(after) })
        : '';
    }
    case 'driverChanged':
      return text(attributes.driverUniqueId) ?? '';
    case 'commandResult':
      return text(attributes.result) ?? '';
    case 'textMessage':
      return text(attributes.message) ?? '';
    default:
      return '';
  }
}
