import type { DeliveryPage, DeliveryStatus, Notificator } from '@rastro/api';
import { TARKAN_BASE, requestJson } from './http.ts';

/** What the delivery log is filtered by; absent means any. */
export interface DeliveryFilters {
  from?: Date;
  to?: Date;
  userId?: number;
  channel?: Notificator;
  status?: DeliveryStatus;
  offset: number;
  limit: number;
}

/** A page of the notification delivery log (administrators), newest first. */
export function getDeliveries(filters: DeliveryFilters): Promise<DeliveryPage> {
  const { from, to, ...rest } = filters;
  return requestJson('/deliveries', { base: TARKAN_BASE, query: { ...rest, from: from?.toISOString(), to: to?.toISOString() } });
}
