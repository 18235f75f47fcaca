import { convertSpeed, type Position, type SpeedUnit } from '@rastro/api';
import type { ChartPoint } from './chartGeometry.ts';

/** Charted besides the numeric attributes: the position's own speed and altitude. */
export const POSITION_SERIES = ['speed', 'altitude'] as const;

/** Attributes with a number in at least one position, alphabetically. */
export function numericAttributes(positions: readonly Position[]): string[] {
  const keys = new Set<string>();
  for (const position of positions) {
    for (const [key, value] of Object.entries(position.attributes)) if (typeof value === 'number') keys.add(key);
  }
  return [...keys].sort();
}

/** The points of one series; speed in the user's unit. */
export function chartSeries(positions: readonly Position[], series: string, speedUnit: SpeedUnit): ChartPoint[] {
  const points: ChartPoint[] = [];
  for (const position of positions) {
    const time = Date.parse(position.fixTime);
    let value: unknown;
    if (series === 'speed') value = convertSpeed(position.speed, speedUnit);
    else if (series === 'altitude') value = position.altitude;
    else value = position.attributes[series];
    if (typeof value === 'number' && Number.isFinite(value) && !Number.isNaN(time)) points.push({ time, value });
  }
  return points;
}
