import { ALARMS, type Attributes, type JsonValue } from '@rastro/api';
import { DEFAULT_SOUND } from './sounds.ts';

/** Spec §9 alarm kinds (Traccar's alarm names), offered for alarm rules (`attributes.alarms`, comma list). */
export const ALARM_KINDS = ALARMS;

/** Spec §9 toast colours: background and text. */
export const TOAST_COLORS = {
  'soft-red': ['#f8d7da', '#58151c'],
  red: ['#d32f2f', '#ffffff'],
  'soft-green': ['#d1e7dd', '#0a3622'],
  green: ['#2e7d32', '#ffffff'],
  'soft-yellow': ['#fff3cd', '#664d03'],
  yellow: ['#f9a825', '#1a1a1a'],
  'soft-info': ['#cff4fc', '#055160'],
  info: ['#0288d1', '#ffffff'],
} as const;
export type ToastColor = keyof typeof TOAST_COLORS;

export const TOAST_POSITIONS = ['top-right', 'top-left', 'bottom-right', 'bottom-left'] as const;
export type ToastPosition = (typeof TOAST_POSITIONS)[number];

/** How a rule's events look and sound (`tarkan.*` attributes of a notification rule). */
export interface NotificationLook {
  sound: string;
  soundUrl: string | undefined;
  color: ToastColor | null;
  pin: boolean;
  position: ToastPosition;
}

export function lookOf(attributes: Attributes | undefined): NotificationLook {
  const a = attributes ?? {};
  const color = a['tarkan.color'];
  const position = a['tarkan.position'];
  return {
    sound: typeof a['tarkan.sound'] === 'string' && a['tarkan.sound'] ? a['tarkan.sound'] : DEFAULT_SOUND,
    soundUrl: typeof a['tarkan.soundURL'] === 'string' ? a['tarkan.soundURL'] : undefined,
    color: typeof color === 'string' && color in TOAST_COLORS ? (color as ToastColor) : null,
    pin: a['tarkan.pin'] === true,
    position: TOAST_POSITIONS.includes(position as ToastPosition) ? (position as ToastPosition) : 'bottom-right',
  };
}

interface Rule {
  type: string;
  notificators: string | null;
  attributes: Attributes;
}

/** An attribute as text, a list comma-joined, as `String` writes them; missing, null or an object (no alarm is one) as ''. */
function attributeText(value: JsonValue | undefined): string {
  if (Array.isArray(value)) return value.map(attributeText).join(',');
  return typeof value === 'object' || value === undefined ? '' : String(value);
}

/** The web rule an event came from: same type and, for alarms, one listing the event's alarm. */
export function ruleFor<R extends Rule>(rules: R[], event: { type: string; attributes: Attributes }): R | undefined {
  const web = rules.filter((rule) => rule.type === event.type && (rule.notificators ?? '').split(',').includes('web'));
  if (event.type !== 'alarm') return web[0];
  const alarm = attributeText(event.attributes.alarm);
  return web.find((rule) => attributeText(rule.attributes.alarms).split(',').includes(alarm)) ?? web[0];
}
