import type { Device, Position } from '@rastro/api';

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
