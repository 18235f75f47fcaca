import type { Event } from '@rastro/api';

/**
 * What a toast says about an event: the server's own digest (`attributes.message`, sent by the web
 * notificator) when present, else the translated event type, with the alarm kind for alarms.
 */
export function eventText(event: Event, translate: (key: string) => string, exists: (key: string) => boolean): string {
  const message = event.attributes.message;
  if (typeof message === 'string' && message.trim() !== '') return message;
  const typeKey = `events.${event.type}`;
  const type = exists(typeKey) ? translate(typeKey) : event.type;
  const alarm = event.attributes.alarm;
  return event.type === 'alarm' && typeof alarm === 'string' && alarm !== '' ? `${type}: ${alarm}` : type;
}
