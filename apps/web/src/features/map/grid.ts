import type { FeatureCollection, LineString } from 'geojson';

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Mercator stops short of the poles. */
const MAX_LATITUDE = 85;
const TARGET_LINES = 10;
const MAX_STEP = 30;

/** 1, 2 or 5 times a power of ten, the nearest at or above `raw`. */
export function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw * 0.999) ?? 10 * power;
  return Math.min(step, MAX_STEP);
}

function multiples(from: number, to: number, step: number): number[] {
  const values: number[] = [];
  for (let index = Math.ceil(from / step); index * step <= to; index++) {
    values.push(Number((index * step).toFixed(10)));
  }
  return values;
}

/**
 * Grid lines covering `bounds` with about ten lines across, so that at any zoom (down to a street)
 * moving devices visibly cross lines even where the offline basemap has no detail.
 */
export function gridLines(bounds: Bounds): FeatureCollection<LineString> {
  const west = Math.max(bounds.west, -180);
  const east = Math.min(bounds.east, 180);
  const south = Math.max(bounds.south, -MAX_LATITUDE);
  const north = Math.min(bounds.north, MAX_LATITUDE);
  const features: FeatureCollection<LineString>['features'] = [];
  if (east <= west || north <= south) return { type: 'FeatureCollection', features };

  const step = niceStep(Math.max(east - west, north - south) / TARGET_LINES);
  // one step of margin so lines do not end at the screen edge while panning
  const lonFrom = Math.max(west - step, -180);
  const lonTo = Math.min(east + step, 180);
  const latFrom = Math.max(south - step, -MAX_LATITUDE);
  const latTo = Math.min(north + step, MAX_LATITUDE);
  for (const longitude of multiples(lonFrom, lonTo, step)) {
    features.push(line([[longitude, latFrom], [longitude, latTo]]));
  }
  for (const latitude of multiples(latFrom, latTo, step)) {
    features.push(line([[lonFrom, latitude], [lonTo, latitude]]));
  }
  return { type: 'FeatureCollection', features };
}

function line(coordinates: [number, number][]): FeatureCollection<LineString>['features'][number] {
  return { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } };
}
