import type { Attributes, Group } from '@rastro/api';
import type { Geofence } from './geofences.ts';
import { requestJson, requestVoid, type Query } from './http.ts';

/** The simple objects of the tracking API that share one CRUD shape (`/api/<path>[/<id>]`). */
export interface EntityApi<T extends { id: number }> {
  /** Query-cache key; the same as the shell's own queries, so an edit refreshes the map too. */
  key: string;
  list: (query?: Query) => Promise<T[]>;
  save: (item: T) => Promise<T>;
  remove: (id: number) => Promise<void>;
}

/** Spec §5: save chooses update when an id exists, otherwise create. */
export function entityApi<T extends { id: number }>(path: string): EntityApi<T> {
  return {
    key: path.replace(/^\//, ''),
    list: (query) => requestJson<T[]>(path, { query }),
    save: (item) =>
      item.id > 0
        ? requestJson<T>(`${path}/${item.id}`, { method: 'PUT', json: item })
        : requestJson<T>(path, { method: 'POST', json: { ...item, id: undefined } }),
    remove: (id) => requestVoid(`${path}/${id}`, { method: 'DELETE' }),
  };
}

export interface Driver {
  id: number;
  name: string;
  uniqueId: string;
  attributes: Attributes;
}

export interface Calendar {
  id: number;
  name: string;
  /** Base64 of an iCalendar text. */
  data: string;
  attributes: Attributes;
}

export interface Maintenance {
  id: number;
  name: string;
  /** A position attribute: `totalDistance` (metres) or `hours` (milliseconds). */
  type: string;
  start: number;
  period: number;
  attributes: Attributes;
}

export interface NotificationRule {
  id: number;
  type: string;
  description: string | null;
  always: boolean;
  calendarId: number | null;
  commandId: number | null;
  /** Comma list of channels. */
  notificators: string | null;
  attributes: Attributes;
}

export interface SavedCommand {
  id: number;
  description: string | null;
  type: string;
  textChannel: boolean;
  deviceId?: number | null;
  attributes: Attributes;
}

export interface ComputedAttribute {
  id: number;
  description: string | null;
  attribute: string;
  expression: string;
  type: 'string' | 'number' | 'boolean';
  priority?: number | null;
}

export const groupsApi = entityApi<Group>('/groups');
export const geofencesApi = entityApi<Geofence>('/geofences');
export const driversApi = entityApi<Driver>('/drivers');
export const calendarsApi = entityApi<Calendar>('/calendars');
export const maintenanceApi = entityApi<Maintenance>('/maintenance');
export const notificationsApi = entityApi<NotificationRule>('/notifications');
export const commandsApi = entityApi<SavedCommand>('/commands');
export const computedApi = entityApi<ComputedAttribute>('/attributes/computed');
