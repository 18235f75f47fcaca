import { formatWallClock, type Attributes } from '@rastro/api';
import { KEY } from '../position/keys.ts';

/** Notification texts in the three languages (e-mail subject and body lines). */
export type Language = 'pt-BR' | 'en-US' | 'es';

const TYPES: Record<string, [string, string, string]> = {
  alarm: ['Alarme', 'Alarm', 'Alarma'],
  deviceOnline: ['Dispositivo online', 'Device online', 'Dispositivo en línea'],
  deviceOffline: ['Dispositivo offline', 'Device offline', 'Dispositivo fuera de línea'],
  deviceUnknown: ['Dispositivo com status desconhecido', 'Device status unknown', 'Estado del dispositivo desconocido'],
  deviceInactive: ['Dispositivo inativo', 'Device inactive', 'Dispositivo inactivo'],
  deviceMoving: ['Dispositivo em movimento', 'Device moving', 'Dispositivo en movimiento'],
  deviceStopped: ['Dispositivo parado', 'Device stopped', 'Dispositivo detenido'],
  deviceOverspeed: ['Excesso de velocidade', 'Speed limit exceeded', 'Exceso de velocidad'],
  deviceFuelDrop: ['Queda de combustível', 'Fuel drop', 'Caída de combustible'],
  deviceFuelIncrease: ['Aumento de combustível', 'Fuel increase', 'Aumento de combustible'],
  geofenceEnter: ['Entrou na cerca', 'Entered geofence', 'Entró en la geocerca'],
  geofenceExit: ['Saiu da cerca', 'Left geofence', 'Salió de la geocerca'],
  ignitionOn: ['Ignição ligada', 'Ignition on', 'Encendido activado'],
  ignitionOff: ['Ignição desligada', 'Ignition off', 'Encendido desactivado'],
  commandResult: ['Resposta de comando', 'Command result', 'Resultado de comando'],
  driverChanged: ['Motorista alterado', 'Driver changed', 'Conductor cambiado'],
  maintenance: ['Manutenção necessária', 'Maintenance required', 'Mantenimiento requerido'],
  textMessage: ['Mensagem de texto', 'Text message', 'Mensaje de texto'],
  test: ['Notificação de teste', 'Test notification', 'Notificación de prueba'],
};

const INDEX: Record<Language, number> = { 'pt-BR': 0, 'en-US': 1, es: 2 };

export function eventTitle(type: string, language: Language): string {
  return TYPES[type]?.[INDEX[language]] ?? type;
}

/** What a message adds to the title: the alarm and the command result an event carries. */
export function eventDetail(attributes: Attributes): string {
  return [attributes[KEY.alarm], attributes[KEY.result]].filter((v) => typeof v === 'string').join(' ');
}

export function languageOf(value: unknown): Language {
  const text = typeof value === 'string' ? value.toLowerCase() : '';
  if (text.startsWith('en')) return 'en-US';
  if (text.startsWith('es')) return 'es';
  return 'pt-BR';
}

/** One line, as short as the event allows: "Truck 9: Alarme (sos)" (SMS, WhatsApp, Telegram). */
export function shortText(event: { type: string; attributes: Attributes }, deviceName: string | null, language: Language): string {
  const title = eventTitle(event.type, language);
  const detail = eventDetail(event.attributes);
  const text = deviceName ? `${deviceName}: ${title}` : title;
  return detail ? `${text} (${detail})` : text;
}

/** What one user is told, in his language: a subject, the body under it (mail, push), and the whole as one short line (SMS, chat). */
export interface Texts {
  subject: string;
  body: string;
  short: string;
}

/** What an event's message says besides its type: where and when, for a reader in `timeZone`. */
export interface EventFacts {
  deviceName: string | null;
  /** The event's position's address (stored, else looked up when the event was notified); null without a position. */
  address: string | null;
}

const LABELS: Record<Language, { time: string; address: string }> = {
  'pt-BR': { time: 'Hora', address: 'Endereço' },
  'en-US': { time: 'Time', address: 'Address' },
  es: { time: 'Hora', address: 'Dirección' },
};

/**
 * An instant as the reader's wall clock, in his language's date order and on his clock
 * (`twelveHourFormat`), with the zone named ("25/11/2026 15:20:01 (America/Sao_Paulo)").
 */
export function readerTime(instant: number, language: Language, timeZone: string, twelveHour = false): string {
  return `${formatWallClock(instant, timeZone, language, twelveHour, { dateStyle: 'short', timeStyle: 'medium' })} (${timeZone})`;
}

/** An event's texts for one reader: the device, the type (and alarm), the time in his zone, the address. */
export function eventTexts(event: { type: string; eventTime: string; attributes: Attributes }, facts: EventFacts, language: Language, timeZone: string, twelveHour = false): Texts {
  const headline = shortText(event, facts.deviceName, language);
  const time = readerTime(Date.parse(event.eventTime), language, timeZone, twelveHour);
  const labels = LABELS[language];
  // the body goes under the subject (mail, push): it does not repeat it
  const body = [eventDetail(event.attributes), `${labels.time}: ${time}`, facts.address ? `${labels.address}: ${facts.address}` : null].filter(Boolean).join('\n');
  const subject = facts.deviceName ? `${facts.deviceName}: ${eventTitle(event.type, language)}` : eventTitle(event.type, language);
  return { subject, body, short: [headline, time, facts.address].filter(Boolean).join(' · ') };
}
