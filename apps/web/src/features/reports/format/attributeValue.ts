/** What Traccar's position attributes hold, for showing them in the user's units. */

/** Kept by the server in metres. */
export const DISTANCE_KEYS = ['odometer', 'totalDistance', 'distance', 'tripOdometer'];
/** Kept by the server in milliseconds. */
export const DURATION_KEYS = ['hours'];
/**
 * Units of common attributes as Traccar defines them (its Position keys): `fuel` and `fuelUsed` in
 * litres, `fuelLevel` and `batteryLevel` in percent, `fuelConsumption` in litres an hour.
 */
export const PLAIN_SUFFIX: Record<string, string> = {
  altitude: 'm',
  accuracy: 'm',
  batteryLevel: '%',
  power: 'V',
  battery: 'V',
  fuel: 'L',
  fuelUsed: 'L',
  fuelLevel: '%',
  fuelConsumption: 'L/h',
};

interface AttributeFormat {
  distance: (metres: number) => string;
  duration: (ms: number) => string;
  number: (value: number, fractionDigits?: number) => string;
}

type Translate = (key: string) => string;

/** A position attribute's value as text: distances and engine hours in the user's units, yes/no for flags. */
export function attributeText(key: string, value: unknown, format: AttributeFormat, t: Translate): string {
  if (typeof value === 'boolean') return value ? t('reports.yes') : t('reports.no');
  if (typeof value === 'number') {
    if (DISTANCE_KEYS.includes(key)) return format.distance(value);
    if (DURATION_KEYS.includes(key)) return format.duration(value);
    const suffix = PLAIN_SUFFIX[key];
    return suffix ? `${format.number(value)} ${suffix}` : format.number(value);
  }
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
