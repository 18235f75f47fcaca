/** Product constants from the specification (§9). */
export const PRODUCT_VERSION = '1.12.7';
export const DEVICE_STATUSES = ['online', 'offline', 'unknown'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

export const DEVICE_CATEGORIES = [
  'default', 'arrow', 'person', 'animal', 'bicycle', 'motorcycle', 'scooter', 'car', 'pickup', 'van',
  'truck', 'truck1', 'truck2', 'tractor', 'boat', 'ship', 'bus', 'train', 'trolleybus', 'tram', 'crane',
  'plane', 'helicopter', 'offroad',
] as const;
export type DeviceCategory = (typeof DEVICE_CATEGORIES)[number];

export const NOTIFICATION_TYPES = [
  'alarm', 'deviceOnline', 'deviceOffline', 'textMessage', 'deviceUnknown', 'geofenceExit', 'geofenceEnter',
  'ignitionOff', 'ignitionOn', 'deviceMoving', 'deviceStopped', 'deviceOverspeed', 'commandResult',
  'driverChanged', 'deviceFuelDrop', 'maintenance', 'deviceInactive',
] as const;

export const NOTIFICATORS = ['web', 'firebase', 'telegram', 'sms', 'mail'] as const;

/**
 * What a user's `totpKey` reads as when one is set: the secret never leaves the server again,
 * and a client that saves the user back with this value keeps the key (null turns it off).
 * Base32 has no `*`, so no real key is ever mistaken for it.
 */
export const TOTP_KEY_MASK = '********';

/** Live socket reconnect delay (§4, §9). */
export const SOCKET_RECONNECT_MS = 5000;
/** Position requests by id are sent in batches of this size (§9). */
export const POSITION_BATCH = 500;
