import type { Event } from '@rastro/api';
import { alarmNames, nameOf } from '../../i18n/names.ts';

/**
 * What a toast says about an event: the server's own digest (`attributes.message`, sent by the web
 * notificator) when present, else the translated event type, with the alarm kinds for alarms.
 */
export function eventText(event: Event, translate: (key: string) => string, exists: (key: string) => boolean): string {
  const message = event.attributes.message;
  if (typeof message === 'string' && message.trim() !== '') return message;
  const names = { t: translate, exists };
  const type = nameOf(names, 'eventType', event.type);
  const alarms = event.type === 'alarm' ? alarmNames(names, event.attributes.alarm) : [];
  return alarms.length ? `${type}: ${alarms.join(', ')}` : type;
}
