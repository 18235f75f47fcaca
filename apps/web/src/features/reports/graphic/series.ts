import type { Position } from '@rastro/api';
import { convertDistance, convertSpeed, type DistanceUnit, type SpeedUnit } from '@rastro/api';
import { DISTANCE_KEYS, DURATION_KEYS, PLAIN_SUFFIX } from '../format/attributeValue.ts';
import type { ChartPoint } from './chartScale.ts';

/** Fields of the position itself worth a chart; attributes are found in the data. */
const POSITION_FIELDS = ['speed', 'altitude', 'accuracy'] as const;
/** Listed first, in this order, when present: what fleet users look at most. */
const FIRST = ['speed', 'fuel', 'batteryLevel', 'battery', 'power', 'altitude'];

function valueOf(position: Position, key: string): unknown {
  return (POSITION_FIELDS as readonly string[]).includes(key) ? position[key as (typeof POSITION_FIELDS)[number]] : position.attributes[key];
}

/** Every numeric quantity found in the route: speed, altitude, accuracy and each numeric attribute. */
export function chartableKeys(route: readonly Position[]): string[] {
  if (!route.length) return [];
  const keys = new Set<string>(POSITION_FIELDS);
  for (const position of route) {
    for (const [key, value] of Object.entries(position.attributes)) {
      if (typeof value === 'number' && Number.isFinite(value)) keys.add(key);
    }
  }
  const rank = (key: string) => (FIRST.includes(key) ? FIRST.indexOf(key) : FIRST.length);
  return [...keys].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export type SeriesUnit = { kind: 'speed'; unit: SpeedUnit } | { kind: 'distance'; unit: DistanceUnit } | { kind: 'hours' } | { kind: 'plain' };

export function seriesUnit(key: string, speedUnit: SpeedUnit, distanceUnit: DistanceUnit): SeriesUnit {
  if (key === 'speed') return { kind: 'speed', unit: speedUnit };
  if (DISTANCE_KEYS.includes(key)) return { kind: 'distance', unit: distanceUnit };
  if (DURATION_KEYS.includes(key)) return { kind: 'hours' };
  return { kind: 'plain' };
}

const SPEED_SUFFIX: Record<SpeedUnit, string> = { kmh: 'km/h', mph: 'mph', kn: 'kn' };

/** The unit written after a value of `key`, '' when unknown. */
export function unitSuffix(key: string, unit: SeriesUnit): string {
  switch (unit.kind) {
    case 'speed':
      return SPEED_SUFFIX[unit.unit];
    case 'distance':
      return unit.unit;
    case 'hours':
      return 'h';
    case 'plain':
      return PLAIN_SUFFIX[key] ?? '';
  }
}

function convert(value: number, unit: SeriesUnit): number {
  switch (unit.kind) {
    case 'speed':
      return convertSpeed(value, unit.unit);
    case 'distance':
      return convertDistance(value, unit.unit);
    case 'hours':
      return value / 3_600_000;
    case 'plain':
      return value;
  }
}

/** The values of one quantity over time, in the user's units, with the index of the position each came from. */
export function seriesOf(route: readonly Position[], key: string, unit: SeriesUnit): (ChartPoint & { index: number })[] {
  const points: (ChartPoint & { index: number })[] = [];
  route.forEach((position, index) => {
    const value = valueOf(position, key);
    if (typeof value === 'number' && Number.isFinite(value)) points.push({ t: Date.parse(position.fixTime), v: convert(value, unit), index });
  });
  return points;
}
