import type { Alarm, Attributes, JsonValue, PositionKeyName } from '@rastro/api';

/**
 * Traccar's position attribute keys (its Position.KEY_* values) that Rastro reads or writes, each
 * with the JSON type Traccar gives its value ('json' where devices differ). Units as Traccar's:
 * distances and odometers in metres, `hours` in milliseconds, `power`/`battery` in volts,
 * `batteryLevel` and `fuelLevel` in percent, `fuel`/`fuelUsed` in litres, `obdSpeed` in km/h (the
 * position's own `speed` is in knots), `deviceTemp`/`coolantTemp` in °C. Media keys name a file of the device's media folder.
 * Only names of `POSITION_KEYS` (`@rastro/api`), which the web app names in every language.
 */
const KINDS = {
  index: 'number',
  hdop: 'number',
  pdop: 'number',
  sat: 'number',
  rssi: 'number',
  event: 'json',
  alarm: 'string',
  status: 'number',
  odometer: 'number',
  tripOdometer: 'number',
  hours: 'number',
  steps: 'number',
  input: 'number',
  output: 'number',
  power: 'number',
  battery: 'number',
  batteryLevel: 'number',
  fuel: 'number',
  fuelLevel: 'number',
  fuelUsed: 'number',
  fuelConsumption: 'number',
  versionFw: 'string',
  type: 'string',
  ignition: 'boolean',
  charge: 'boolean',
  archive: 'boolean',
  distance: 'number',
  totalDistance: 'number',
  rpm: 'number',
  vin: 'string',
  throttle: 'number',
  motion: 'boolean',
  operator: 'number',
  blocked: 'boolean',
  door: 'boolean',
  iccid: 'string',
  speedLimit: 'number',
  dtcs: 'string',
  obdSpeed: 'number',
  obdOdometer: 'number',
  result: 'string',
  driverUniqueId: 'string',
  approximate: 'boolean',
  heartRate: 'number',
  deviceTemp: 'number',
  coolantTemp: 'number',
  engineLoad: 'number',
  gSensor: 'string',
  image: 'string',
  video: 'string',
  audio: 'string',
} as const satisfies Partial<Record<PositionKeyName, 'number' | 'boolean' | 'string' | 'json'>>;

type Kinds = typeof KINDS;
export type PositionKey = keyof Kinds;

/** `KEY.alarm` is `'alarm'`: attribute names as typed constants, so a misspelt key does not compile. */
export const KEY = Object.fromEntries(Object.keys(KINDS).map((key) => [key, key])) as { readonly [K in PositionKey]: K };

/** Families of numbered keys (Traccar's PREFIX_*, numbered from 1): `temp1`, `adc2`, `io239`, `in1`, `out2`. */
export const PREFIX = { temp: 'temp', adc: 'adc', io: 'io', count: 'count', in: 'in', out: 'out' } as const;

type ValueOf<Kind> = Kind extends 'number' ? number : Kind extends 'boolean' ? boolean : Kind extends 'string' ? string : JsonValue;

/** What each key holds when Traccar (or a Rastro decoder or handler) wrote it. */
export type PositionValues = { [K in PositionKey]: ValueOf<Kinds[K]> };

/** The keys whose values are numbers. */
export type NumberKey = { [K in PositionKey]: Kinds[K] extends 'number' ? K : never }[PositionKey];

/**
 * The value under `key` when it has Traccar's type, else undefined. Stored attributes are not
 * bound to these types (a computed attribute or an OsmAnd parameter may put anything under any
 * name), so reads check what they find.
 */
export function attribute<K extends PositionKey>(attributes: Attributes, key: K): PositionValues[K] | undefined {
  const value = attributes[key];
  const kind: string = KINDS[key];
  return kind === 'json' || typeof value === kind ? (value as PositionValues[K]) : undefined;
}

/** Several alarms of one message share the attribute, comma-separated, as Traccar stores them. */
export function addAlarm(attributes: Attributes, alarm: Alarm | null | undefined): void {
  if (!alarm) return;
  const present = attribute(attributes, KEY.alarm);
  attributes[KEY.alarm] = present !== undefined ? `${present},${alarm}` : alarm;
}

/** The alarms a position carries (any names: OsmAnd devices send their own). */
export function alarmsOf(attributes: Attributes): string[] {
  const value = attribute(attributes, KEY.alarm);
  return value !== undefined ? value.split(',').map((a) => a.trim()).filter(Boolean) : [];
}
