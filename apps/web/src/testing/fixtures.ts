import type { Device, Group, Position, Server, User } from '@rastro/api';

/** Wire objects for unit tests, complete so that tests type-check against the real shapes. */
export function makeDevice(overrides: Partial<Device> & Pick<Device, 'id'>): Device {
  return {
    name: `Device ${overrides.id}`,
    uniqueId: String(100000 + overrides.id),
    status: 'online',
    disabled: false,
    lastUpdate: null,
    positionId: null,
    groupId: null,
    calendarId: null,
    phone: null,
    model: null,
    contact: null,
    category: null,
    expirationTime: null,
    attributes: {},
    ...overrides,
  };
}

export function makePosition(overrides: Partial<Position> & Pick<Position, 'deviceId'>): Position {
  return {
    id: overrides.deviceId * 1000,
    protocol: 'osmand',
    serverTime: '2024-05-01T12:00:00.000+00:00',
    deviceTime: '2024-05-01T12:00:00.000+00:00',
    fixTime: '2024-05-01T12:00:00.000+00:00',
    outdated: false,
    valid: true,
    latitude: -23.55,
    longitude: -46.63,
    altitude: 0,
    speed: 0,
    course: 0,
    address: null,
    accuracy: 0,
    network: null,
    geofenceIds: null,
    attributes: {},
    ...overrides,
  };
}

export function makeUser(overrides: Partial<User> & Pick<User, 'id'>): User {
  return {
    name: `User ${overrides.id}`,
    login: null,
    email: `user${overrides.id}@example.com`,
    phone: null,
    readonly: false,
    administrator: false,
    map: null,
    latitude: 0,
    longitude: 0,
    zoom: 0,
    password: null,
    coordinateFormat: null,
    disabled: false,
    expirationTime: null,
    deviceLimit: -1,
    userLimit: 0,
    deviceReadonly: false,
    limitCommands: false,
    disableReports: false,
    fixedEmail: false,
    poiLayer: null,
    totpKey: null,
    temporary: false,
    attributes: {},
    ...overrides,
  };
}

export function makeServer(overrides: Partial<Server> = {}): Server {
  return {
    id: 1,
    registration: false,
    readonly: false,
    deviceReadonly: false,
    limitCommands: false,
    disableReports: false,
    fixedEmail: false,
    map: null,
    bingKey: null,
    mapUrl: null,
    overlayUrl: null,
    poiLayer: null,
    announcement: null,
    latitude: -23.55,
    longitude: -46.63,
    zoom: 12,
    forceSettings: false,
    coordinateFormat: null,
    version: '6.0',
    emailEnabled: false,
    textEnabled: false,
    geocoderEnabled: false,
    openIdEnabled: false,
    openIdForce: false,
    newServer: false,
    attributes: {},
    ...overrides,
  };
}

export function makeGroup(overrides: Partial<Group> & Pick<Group, 'id'>): Group {
  return { name: `Group ${overrides.id}`, groupId: null, attributes: {}, ...overrides };
}
