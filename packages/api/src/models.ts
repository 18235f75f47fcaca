import type { Attributes } from './attributes.ts';
import type { DeviceStatus } from './constants.ts';

/** ISO 8601 UTC date-time with milliseconds, e.g. 2024-05-01T10:20:30.000+00:00 */
export type IsoTime = string;

export interface Device {
  id: number;
  name: string;
  uniqueId: string;
  status: DeviceStatus | null;
  disabled: boolean;
  lastUpdate: IsoTime | null;
  positionId: number | null;
  groupId: number | null;
  calendarId: number | null;
  phone: string | null;
  model: string | null;
  contact: string | null;
  category: string | null;
  expirationTime: IsoTime | null;
  attributes: Attributes;
}

/**
 * A position as Traccar sends it, and the one field list of a position: the server's shapes
 * (decoded, working, stored, the table row) are derived from it (apps/server/src/position/).
 */
export interface Position {
  id: number;
  deviceId: number;
  protocol: string;
  /** When the server received it. */
  serverTime: IsoTime;
  /** When the device says it sent it. */
  deviceTime: IsoTime;
  /** When the location was measured. */
  fixTime: IsoTime;
  /** True when the message carried no location and the last known fix was reused. */
  outdated: boolean;
  valid: boolean;
  latitude: number;
  longitude: number;
  /** metres */
  altitude: number;
  /** knots */
  speed: number;
  /** degrees, 0 = north */
  course: number;
  address: string | null;
  /** metres, 0 when unknown */
  accuracy: number;
  network: Record<string, unknown> | null;
  /** The linked geofences containing the position, or null when none. */
  geofenceIds: number[] | null;
  attributes: Attributes;
}

export interface Group {
  id: number;
  name: string;
  groupId: number | null;
  attributes: Attributes;
}

export interface User {
  id: number;
  name: string;
  login: string | null;
  email: string;
  phone: string | null;
  readonly: boolean;
  administrator: boolean;
  map: string | null;
  latitude: number;
  longitude: number;
  zoom: number;
  password: null;
  coordinateFormat: string | null;
  disabled: boolean;
  expirationTime: IsoTime | null;
  deviceLimit: number;
  userLimit: number;
  deviceReadonly: boolean;
  limitCommands: boolean;
  disableReports: boolean;
  fixedEmail: boolean;
  poiLayer: string | null;
  totpKey: string | null;
  temporary: boolean;
  attributes: Attributes;
}

export interface Server {
  id: number;
  registration: boolean;
  readonly: boolean;
  deviceReadonly: boolean;
  limitCommands: boolean;
  disableReports: boolean;
  fixedEmail: boolean;
  map: string | null;
  bingKey: string | null;
  mapUrl: string | null;
  overlayUrl: string | null;
  poiLayer: string | null;
  announcement: string | null;
  latitude: number;
  longitude: number;
  zoom: number;
  forceSettings: boolean;
  coordinateFormat: string | null;
  version: string;
  emailEnabled: boolean;
  textEnabled: boolean;
  geocoderEnabled: boolean;
  openIdEnabled: boolean;
  openIdForce: boolean;
  newServer: boolean;
  attributes: Attributes;
}

export interface Event {
  id: number;
  type: string;
  eventTime: IsoTime;
  deviceId: number;
  positionId: number;
  geofenceId: number;
  maintenanceId: number;
  attributes: Attributes;
}

/** A permission link: exactly two `<owner>Id` / `<property>Id` keys. */
export type Permission = Record<string, number>;
