import { ALARMS, NOTIFICATION_TYPES } from '@rastro/api';

/** Spec §9: the event types a report can be filtered by (the notification types). */
export const EVENT_TYPES: readonly string[] = NOTIFICATION_TYPES;

/** Spec §9: the kinds of `alarm` events, sent as the event's `alarm` attribute (Traccar's alarm names). */
export const ALARM_KINDS: readonly string[] = ALARMS;
