import type { Device, Server, User } from '@rastro/api';
import type { Generated } from 'kysely';
import type { PositionRow } from '../position/types.ts';

/**
 * Table shapes as stored. Names follow Traccar's tables (tc_*) so its data can be imported.
 * Portable storage rules (same on SQLite and PostgreSQL):
 * booleans are integers 0/1, times are epoch milliseconds (bigint), `attributes` is JSON text.
 */
type Bool = number;
type Millis = number;
type Id = Generated<number>;

/** An API model as its table stores it, by the rules above: the columns are the model's own fields. */
type Stored<T> = {
  [K in keyof T]: K extends 'id' ? Id : K extends 'attributes' ? string : T[K] extends boolean ? Bool : T[K];
};

/** The stored server row: the model without what the server computes when asked (version, what is enabled). */
export type ServerTable = Stored<Omit<Server, 'version' | 'emailEnabled' | 'textEnabled' | 'geocoderEnabled' | 'openIdEnabled' | 'openIdForce' | 'newServer'>>;

/** The stored user: the model with the password's hash and salt in place of its write-only `password`. */
export interface UserTable extends Stored<Omit<User, 'password' | 'expirationTime'>> {
  hashedPassword: string | null;
  salt: string | null;
  expirationTime: Millis | null;
  /** Billing state (migration 002): 'overdue' | 'manual' suspension, when, and the trust unlock. */
  billingSuspended: Generated<string | null>;
  billingSuspendedTime: Generated<Millis | null>;
  billingTrustUntil: Generated<Millis | null>;
  billingTrustUsed: Generated<Bool>;
}

/** The stored device: the model, its status and times as stored; then the columns only the server reads. */
export interface DeviceTable extends Stored<Omit<Device, 'status' | 'lastUpdate' | 'expirationTime'>> {
  status: string | null;
  lastUpdate: Millis | null;
  expirationTime: Millis | null;
  /** Motion and overspeed state kept between positions (Traccar's hidden device columns). */
  motionStreak: Generated<Bool>;
  motionState: Generated<Bool>;
  motionPositionId: number | null;
  motionTime: Millis | null;
  motionLatitude: number | null;
  motionLongitude: number | null;
  motionDistance: Generated<number>;
  overspeedState: Generated<Bool>;
  overspeedTime: Millis | null;
  overspeedGeofenceId: number | null;
  attributes: string;
}

export interface GroupTable {
  id: Id;
  name: string;
  groupId: number | null;
  attributes: string;
}

/** tc_positions: the row shape is the position's own (position/types.ts), the id generated. */
export interface PositionTable extends Omit<PositionRow, 'id'> {
  id: Id;
}

export interface EventTable {
  id: Id;
  type: string;
  eventTime: Millis;
  deviceId: number;
  positionId: number;
  geofenceId: number;
  maintenanceId: number;
  attributes: string;
}

export interface GeofenceTable {
  id: Id;
  name: string;
  description: string | null;
  area: string;
  calendarId: number | null;
  attributes: string;
}

export interface DriverTable {
  id: Id;
  name: string;
  uniqueId: string;
  attributes: string;
}

export interface CalendarTable {
  id: Id;
  name: string;
  /** iCalendar text, base64 on the wire as in Traccar. */
  data: string;
  attributes: string;
}

export interface MaintenanceTable {
  id: Id;
  name: string;
  type: string;
  start: number;
  period: number;
  attributes: string;
}

export interface NotificationTable {
  id: Id;
  type: string;
  description: string | null;
  always: Bool;
  calendarId: number | null;
  commandId: number | null;
  notificators: string | null;
  attributes: string;
}

export interface CommandTable {
  id: Id;
  description: string | null;
  type: string;
  textChannel: Bool;
  attributes: string;
}

export interface QueuedCommandTable {
  id: Id;
  deviceId: number;
  type: string;
  textChannel: Bool;
  attributes: string;
  createdTime: Millis;
}

export interface ComputedAttributeTable {
  id: Id;
  description: string | null;
  attribute: string;
  expression: string;
  type: string;
  priority: number;
}

export interface OrderTable {
  id: Id;
  uniqueId: string;
  description: string | null;
  fromAddress: string | null;
  toAddress: string | null;
  attributes: string;
}

export interface ReportTable {
  id: Id;
  calendarId: number;
  type: string;
  description: string | null;
  attributes: string;
  /** Migration 007, the scheduler's: the end of the last period reported (or when made), and when it is next due. */
  lastRun: Millis | null;
  nextRun: Millis | null;
}

export interface SessionTable {
  /** sha256 of the JSESSIONID cookie value */
  id: string;
  userId: number;
  createdTime: Millis;
  expiresTime: Millis | null;
  origin: string | null;
}

export interface TokenTable {
  /** sha256 of the bearer token */
  id: string;
  userId: number;
  createdTime: Millis;
  expiresTime: Millis;
  revoked: Bool;
}

/** A lost-password link still usable (db/password-resets.ts). */
export interface PasswordResetTable {
  /** sha256 of the link's secret */
  id: string;
  userId: number;
  createdTime: Millis;
  expiresTime: Millis;
}

export interface ShareTable {
  id: Id;
  userId: number;
  /** 0 for a share of a group. */
  deviceId: number;
  /** The shared group (migration 008); null for a share of a device. */
  groupId: number | null;
  sharedUserId: number;
  tokenId: string;
  expiration: Millis;
  createdTime: Millis;
  attributes: string;
}

export interface InvoiceTable {
  id: Id;
  userId: number;
  externalId: string | null;
  description: string | null;
  dueDate: Millis;
  value: number;
  status: string;
  paidDate: Millis | null;
  createdTime: Millis;
  attributes: string;
  /** Migration 002: who added it (null = automatic billing), its month, its cancellation, boleto terms. */
  createdBy: number | null;
  period: string | null;
  cancelledTime: Generated<Millis | null>;
  cancelledBy: Generated<number | null>;
  fine: Generated<number>;
  fineMode: Generated<string>;
  interest: Generated<number>;
  discount: Generated<number>;
  discountMode: Generated<string>;
  discountDays: Generated<number>;
}

export interface IntegrationTable {
  key: string;
  attributes: string;
}

export interface ThemeTable {
  id: Id;
  attributes: string;
}

export interface LogTable {
  id: Id;
  time: Millis;
  userId: number | null;
  deviceId: number | null;
  action: string;
  objectType: string | null;
  objectId: number | null;
  data: string | null;
}

/** Migration 006: one row per notification sent to one user on one channel (the delivery log). */
export interface NotificationDeliveryTable {
  id: Id;
  /** When it was first tried. */
  time: Millis;
  /** When it was last tried. */
  updatedTime: Millis;
  userId: number;
  /** The notificator: web, mail, firebase, sms, telegram, whatsapp. */
  channel: string;
  eventType: string;
  /** 0 for a test notification. */
  eventId: number;
  deviceId: number | null;
  /** Where it went: a phone, a chat id, an address, push services. */
  recipient: string | null;
  /** 'pending' (a retry is due), 'sent' or 'failed'. */
  status: string;
  /** Why the last attempt failed. */
  reason: string | null;
  attempts: number;
}

export interface UnknownDeviceTable {
  uniqueId: string;
  protocol: string;
  remoteAddress: string | null;
  firstSeen: Millis;
  lastSeen: Millis;
  count: number;
}

/** A permission link table: two id columns. */
export type LinkTable<A extends string, B extends string> = { [K in A | B]: number };

/** A UTC day's counters (db/statistics.ts); `day` is its midnight in epoch ms. */
export interface StatisticsTable {
  day: number;
  requests: number;
  messagesReceived: number;
  messagesStored: number;
  mailSent: number;
  smsSent: number;
  geocoderRequests: number;
  geolocationRequests: number;
  /** JSON: messages received per protocol. */
  protocols: string | null;
}

/** A user ('user') or device ('device') active on a day. */
export interface StatisticsActiveTable {
  day: number;
  kind: string;
  objectId: number;
}

export interface Database {
  tc_servers: ServerTable;
  tc_users: UserTable;
  tc_devices: DeviceTable;
  tc_groups: GroupTable;
  tc_positions: PositionTable;
  tc_events: EventTable;
  tc_geofences: GeofenceTable;
  tc_drivers: DriverTable;
  tc_calendars: CalendarTable;
  tc_maintenances: MaintenanceTable;
  tc_notifications: NotificationTable;
  tc_commands: CommandTable;
  tc_commands_queue: QueuedCommandTable;
  tc_attributes: ComputedAttributeTable;
  tc_orders: OrderTable;
  tc_reports: ReportTable;
  tc_sessions: SessionTable;
  tc_tokens: TokenTable;
  tc_password_resets: PasswordResetTable;
  tc_shares: ShareTable;
  tc_invoices: InvoiceTable;
  tc_integrations: IntegrationTable;
  tc_theme: ThemeTable;
  tc_logs: LogTable;
  tc_notification_deliveries: NotificationDeliveryTable;
  tc_statistics: StatisticsTable;
  tc_statistics_active: StatisticsActiveTable;
  tc_unknown_devices: UnknownDeviceTable;
  tc_user_device: LinkTable<'userId', 'deviceId'>;
  tc_user_group: LinkTable<'userId', 'groupId'>;
  tc_user_geofence: LinkTable<'userId', 'geofenceId'>;
  tc_user_notification: LinkTable<'userId', 'notificationId'>;
  tc_user_calendar: LinkTable<'userId', 'calendarId'>;
  tc_user_attribute: LinkTable<'userId', 'attributeId'>;
  tc_user_driver: LinkTable<'userId', 'driverId'>;
  tc_user_maintenance: LinkTable<'userId', 'maintenanceId'>;
  tc_user_command: LinkTable<'userId', 'commandId'>;
  tc_user_order: LinkTable<'userId', 'orderId'>;
  tc_user_report: LinkTable<'userId', 'reportId'>;
  tc_user_user: LinkTable<'userId', 'managedUserId'>;
  tc_group_geofence: LinkTable<'groupId', 'geofenceId'>;
  tc_group_notification: LinkTable<'groupId', 'notificationId'>;
  tc_group_attribute: LinkTable<'groupId', 'attributeId'>;
  tc_group_driver: LinkTable<'groupId', 'driverId'>;
  tc_group_maintenance: LinkTable<'groupId', 'maintenanceId'>;
  tc_group_command: LinkTable<'groupId', 'commandId'>;
  tc_group_order: LinkTable<'groupId', 'orderId'>;
  tc_group_report: LinkTable<'groupId', 'reportId'>;
  tc_device_geofence: LinkTable<'deviceId', 'geofenceId'>;
  tc_device_notification: LinkTable<'deviceId', 'notificationId'>;
  tc_device_attribute: LinkTable<'deviceId', 'attributeId'>;
  tc_device_driver: LinkTable<'deviceId', 'driverId'>;
  tc_device_maintenance: LinkTable<'deviceId', 'maintenanceId'>;
  tc_device_command: LinkTable<'deviceId', 'commandId'>;
  tc_device_order: LinkTable<'deviceId', 'orderId'>;
  tc_device_report: LinkTable<'deviceId', 'reportId'>;
  tc_device_device: LinkTable<'deviceId', 'linkedDeviceId'>;
}

/** Owner/property pairs of /api/permissions and their link tables. */
export const LINKS = {
  userId: {
    deviceId: 'tc_user_device', groupId: 'tc_user_group', geofenceId: 'tc_user_geofence',
    notificationId: 'tc_user_notification', calendarId: 'tc_user_calendar', attributeId: 'tc_user_attribute',
    driverId: 'tc_user_driver', maintenanceId: 'tc_user_maintenance', commandId: 'tc_user_command',
    orderId: 'tc_user_order', reportId: 'tc_user_report', managedUserId: 'tc_user_user',
  },
  groupId: {
    geofenceId: 'tc_group_geofence', notificationId: 'tc_group_notification', attributeId: 'tc_group_attribute',
    driverId: 'tc_group_driver', maintenanceId: 'tc_group_maintenance', commandId: 'tc_group_command',
    orderId: 'tc_group_order', reportId: 'tc_group_report',
  },
  deviceId: {
    geofenceId: 'tc_device_geofence', notificationId: 'tc_device_notification', attributeId: 'tc_device_attribute',
    driverId: 'tc_device_driver', maintenanceId: 'tc_device_maintenance', commandId: 'tc_device_command',
    orderId: 'tc_device_order', reportId: 'tc_device_report', linkedDeviceId: 'tc_device_device',
  },
} as const satisfies Record<string, Record<string, keyof Database>>;

export type LinkTableName = { [O in keyof typeof LINKS]: (typeof LINKS)[O][keyof (typeof LINKS)[O]] }[keyof typeof LINKS];
