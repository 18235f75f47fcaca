import type { Notificator } from './constants.ts';

/** What became of a notification message: `pending` while a retry is due. */
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One entry of the delivery log (GET /tarkan/deliveries): one message to one user on one channel. */
export interface NotificationDelivery {
  id: number;
  /** When it was first tried. */
  time: string;
  /** When it was last tried. */
  updatedTime: string;
  userId: number;
  userName: string | null;
  channel: Notificator;
  eventType: string;
  /** 0 for a test notification. */
  eventId: number;
  deviceId: number | null;
  deviceName: string | null;
  /** Where it went: a phone, a chat id, an e-mail address, push services. */
  recipient: string | null;
  status: DeliveryStatus;
  /** Why the last attempt failed (or why the user could not be reached). */
  reason: string | null;
  attempts: number;
}

/** A page of the delivery log, newest first, and how many entries match the filters in all. */
export interface DeliveryPage {
  items: NotificationDelivery[];
  total: number;
}
