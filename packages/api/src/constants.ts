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

/** Traccar's event types (its Event.TYPE_* names): what `tc_events.type` and a wire Event's `type` hold. */
export const EVENT_TYPES = [
  'commandResult', 'deviceOnline', 'deviceUnknown', 'deviceOffline', 'deviceInactive', 'queuedCommandSent',
  'deviceMoving', 'deviceStopped', 'deviceOverspeed', 'deviceFuelDrop', 'deviceFuelIncrease', 'geofenceEnter',
  'geofenceExit', 'alarm', 'ignitionOn', 'ignitionOff', 'deviceIdle', 'maintenance', 'textMessage', 'driverChanged',
  'media', 'geofenceCrossed', 'proximityEnter', 'proximityExit', 'unaccompaniedMotion',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The event types a notification rule (and a report filter) can name, in the specification's order (§9). */
export const NOTIFICATION_TYPES = [
  'alarm', 'deviceOnline', 'deviceOffline', 'textMessage', 'deviceUnknown', 'geofenceExit', 'geofenceEnter',
  'ignitionOff', 'ignitionOn', 'deviceMoving', 'deviceStopped', 'deviceOverspeed', 'commandResult',
  'driverChanged', 'deviceFuelDrop', 'maintenance', 'deviceInactive',
] as const satisfies readonly EventType[];

/**
 * Traccar's alarm names (its Position.ALARM_* values), in the specification's order (§9): what a
 * position's `alarm` attribute lists (comma-separated), an alarm event's `alarm` attribute holds
 * and an alarm rule's `alarms` names.
 */
export const ALARMS = [
  'general', 'sos', 'vibration', 'lowspeed', 'overspeed', 'movement', 'fallDown', 'lowPower', 'lowBattery', 'fault', 'powerOff',
  'powerOn', 'door', 'unlock', 'lock', 'geofence', 'geofenceEnter', 'geofenceExit', 'gpsAntennaCut', 'accident', 'tow', 'idle',
  'highRpm', 'hardAcceleration', 'hardBraking', 'hardCornering', 'laneChange', 'fatigueDriving', 'powerCut', 'powerRestored',
  'jamming', 'temperature', 'parking', 'shock', 'bonnet', 'footBrake', 'fuelLeak', 'tampering', 'removing',
] as const;
export type Alarm = (typeof ALARMS)[number];

/**
 * Traccar's command types (its Command.TYPE_* values), in its order: what a saved command's `type`
 * holds, what `/api/commands/types` lists, and the only names a protocol's encoder may offer.
 */
export const COMMAND_TYPES = [
  'custom', 'deviceIdentification', 'positionSingle', 'positionPeriodic', 'positionStop', 'engineStop', 'engineResume',
  'alarmArm', 'alarmDisarm', 'alarmDismiss', 'setTimezone', 'requestPhoto', 'powerOff', 'rebootDevice', 'factoryReset',
  'sendSms', 'sendUssd', 'sosNumber', 'silenceTime', 'setPhonebook', 'message', 'voiceMessage', 'outputControl',
  'voiceMonitoring', 'setAgps', 'setIndicator', 'configuration', 'getVersion', 'firmwareUpdate', 'setConnection',
  'setOdometer', 'getModemStatus', 'getDeviceStatus', 'setSpeedLimit', 'modePowerSaving', 'modeDeepSleep', 'videoStart',
  'videoStop', 'alarmGeofence', 'alarmBattery', 'alarmSos', 'alarmRemove', 'alarmClock', 'alarmSpeed', 'alarmFall',
  'alarmVibration',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

/**
 * Traccar's position attribute keys (its Position.KEY_* values), in its order: the names decoders
 * and handlers write into a position's `attributes` (units in the server's position/keys.ts).
 * Devices and computed attributes may add names of their own; these are the ones the product knows.
 */
export const POSITION_KEYS = [
  'raw', 'index', 'hdop', 'vdop', 'pdop', 'sat', 'satVisible', 'rssi', 'gps', 'roaming', 'event', 'alarm', 'status',
  'odometer', 'serviceOdometer', 'tripOdometer', 'hours', 'steps', 'heartRate', 'input', 'output', 'image', 'video',
  'audio', 'power', 'battery', 'batteryLevel', 'fuel', 'fuelUsed', 'fuelConsumption', 'fuelLevel', 'versionFw',
  'versionHw', 'type', 'ignition', 'flags', 'antenna', 'charge', 'ip', 'archive', 'distance', 'totalDistance', 'rpm',
  'vin', 'approximate', 'throttle', 'motion', 'armed', 'geofence', 'acceleration', 'humidity', 'deviceTemp',
  'coolantTemp', 'engineLoad', 'engineTemp', 'operator', 'command', 'blocked', 'lock', 'door', 'axleWeight', 'gSensor',
  'iccid', 'phone', 'speedLimit', 'drivingTime', 'dtcs', 'obdSpeed', 'obdOdometer', 'result', 'driverUniqueId', 'card',
] as const;
export type PositionKeyName = (typeof POSITION_KEYS)[number];

/** The spec's notification channels (Traccar's notificators, `firebase` delivered as Web Push), and the product's `whatsapp`. */
export const NOTIFICATORS = ['web', 'firebase', 'telegram', 'sms', 'whatsapp', 'mail'] as const;
export type Notificator = (typeof NOTIFICATORS)[number];

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
