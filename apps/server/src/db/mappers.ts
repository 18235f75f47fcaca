import type { Device, Event, Group, Server, User } from '@rastro/api';
import { MAP_KEY_ATTRIBUTES, PRODUCT_VERSION, TOTP_KEY_MASK } from '@rastro/api';
import type { Selectable } from 'kysely';
import { attrs } from '../domain/json.ts';
import { hiddenFromAll, shownAttributes } from '../domain/secrets.ts';
import { toIso } from '../domain/time.ts';
import type { DeviceTable, EventTable, GroupTable, ServerTable, UserTable } from './schema.ts';

/**
 * Row <-> wire conversions. Storage keeps booleans as 0/1, times as epoch ms, JSON as text.
 * A position's are in position/mappers.ts.
 */
export const flag = (value: boolean | null | undefined): number => (value ? 1 : 0);

export { attrs, parseJson } from '../domain/json.ts';

/** The device columns the API writes (the rest is the server's own state). */
export const DEVICE_WIRE_COLUMNS = ['id', 'name', 'uniqueId', 'status', 'disabled', 'lastUpdate', 'positionId', 'groupId',
  'calendarId', 'phone', 'model', 'contact', 'category', 'expirationTime', 'attributes'] as const;

export function toDevice(row: Pick<Selectable<DeviceTable>, (typeof DEVICE_WIRE_COLUMNS)[number]>): Device {
  return {
    id: row.id,
    name: row.name,
    uniqueId: row.uniqueId,
    status: (row.status as Device['status']) ?? null,
    disabled: Boolean(row.disabled),
    lastUpdate: toIso(row.lastUpdate),
    positionId: row.positionId,
    groupId: row.groupId,
    calendarId: row.calendarId,
    phone: row.phone,
    model: row.model,
    contact: row.contact,
    category: row.category,
    expirationTime: toIso(row.expirationTime),
    attributes: attrs(row.attributes),
  };
}

export function toGroup(row: Selectable<GroupTable>): Group {
  return { id: row.id, name: row.name, groupId: row.groupId, attributes: attrs(row.attributes) };
}

/**
 * A user's own map provider keys are secrets like the server's: the tile proxy adds them to its
 * requests, so no browser needs them; a set key reads as the mask (kept when saved back, users.ts).
 */
export const USER_MAP_KEYS = hiddenFromAll(MAP_KEY_ATTRIBUTES);

// hidden from every reader, administrators too: which reader asks does not matter
const userAttributes = (raw: string | null): User['attributes'] => shownAttributes(attrs(raw), true, USER_MAP_KEYS);

export function toUser(row: Selectable<UserTable>): User {
  return {
    id: row.id,
    name: row.name,
    login: row.login,
    email: row.email,
    phone: row.phone,
    readonly: Boolean(row.readonly),
    administrator: Boolean(row.administrator),
    map: row.map,
    latitude: row.latitude,
    longitude: row.longitude,
    zoom: row.zoom,
    password: null,
    coordinateFormat: row.coordinateFormat,
    disabled: Boolean(row.disabled),
    expirationTime: toIso(row.expirationTime),
    deviceLimit: row.deviceLimit,
    userLimit: row.userLimit,
    deviceReadonly: Boolean(row.deviceReadonly),
    limitCommands: Boolean(row.limitCommands),
    disableReports: Boolean(row.disableReports),
    fixedEmail: Boolean(row.fixedEmail),
    poiLayer: row.poiLayer,
    totpKey: row.totpKey?.trim() ? TOTP_KEY_MASK : null,
    temporary: Boolean(row.temporary),
    attributes: userAttributes(row.attributes),
  };
}

export function toEvent(row: Selectable<EventTable>): Event {
  return {
    id: row.id,
    type: row.type,
    eventTime: toIso(row.eventTime),
    deviceId: row.deviceId,
    positionId: row.positionId,
    geofenceId: row.geofenceId,
    maintenanceId: row.maintenanceId,
    attributes: attrs(row.attributes),
  };
}

export function toServer(row: Selectable<ServerTable>, extra: { newServer: boolean; emailEnabled: boolean; textEnabled: boolean }): Server {
  return {
    id: row.id,
    registration: Boolean(row.registration),
    readonly: Boolean(row.readonly),
    deviceReadonly: Boolean(row.deviceReadonly),
    limitCommands: Boolean(row.limitCommands),
    disableReports: Boolean(row.disableReports),
    fixedEmail: Boolean(row.fixedEmail),
    map: row.map,
    bingKey: row.bingKey,
    mapUrl: row.mapUrl,
    overlayUrl: row.overlayUrl,
    poiLayer: row.poiLayer,
    announcement: row.announcement,
    latitude: row.latitude,
    longitude: row.longitude,
    zoom: row.zoom,
    forceSettings: Boolean(row.forceSettings),
    coordinateFormat: row.coordinateFormat,
    version: PRODUCT_VERSION,
    emailEnabled: extra.emailEnabled,
    textEnabled: extra.textEnabled,
    geocoderEnabled: false,
    openIdEnabled: false,
    openIdForce: false,
    newServer: extra.newServer,
    attributes: attrs(row.attributes),
  };
}
