/**
 * Coordinates as people read them, in the user's `coordinateFormat` (Traccar's values): `dd`
 * decimal degrees, `ddm` degrees and decimal minutes, `dms` degrees, minutes and seconds. The web
 * app and the server's exports both write them from here, so a coordinate reads the same in both.
 */
export const COORDINATE_FORMATS = ['dd', 'ddm', 'dms'] as const;
export type CoordinateFormat = (typeof COORDINATE_FORMATS)[number];
export type CoordinateAxis = 'latitude' | 'longitude';

/** A stored `coordinateFormat`, or decimal degrees for anything else (unset, unknown). */
export function coordinateFormatOf(value: unknown): CoordinateFormat {
  return value === 'ddm' || value === 'dms' ? value : 'dd';
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/**
 * One coordinate: dd `-23.550330°`; ddm `23°33.020'S`; dms `23°33'01.2"S`. The precision is about
 * a tenth of a metre (dd), two metres (ddm) and three metres (dms). Rounding happens once, on the
 * smallest unit, so 59.96 seconds carries into the next minute instead of showing "60.0".
 */
export function formatCoordinate(value: number, axis: CoordinateAxis, format: CoordinateFormat): string {
  if (!Number.isFinite(value)) return '';
  if (format === 'dd') return `${value.toFixed(6)}°`;
  const hemisphere = axis === 'latitude' ? (value < 0 ? 'S' : 'N') : value < 0 ? 'W' : 'E';
  const magnitude = Math.abs(value);
  if (format === 'ddm') {
    const thousandths = Math.round(magnitude * 60_000); // thousandths of a minute
    const degrees = Math.floor(thousandths / 60_000);
    const minutes = (thousandths % 60_000) / 1000;
    return `${degrees}°${pad(Math.floor(minutes), 2)}.${pad(thousandths % 1000, 3)}'${hemisphere}`;
  }
  const tenths = Math.round(magnitude * 36_000); // tenths of a second
  const degrees = Math.floor(tenths / 36_000);
  const minutes = Math.floor((tenths % 36_000) / 600);
  const secondTenths = tenths % 600;
  return `${degrees}°${pad(minutes, 2)}'${pad(Math.floor(secondTenths / 10), 2)}.${secondTenths % 10}"${hemisphere}`;
}

/** A point as `latitude, longitude` in the format. */
export function formatPoint(latitude: number, longitude: number, format: CoordinateFormat): string {
  return `${formatCoordinate(latitude, 'latitude', format)}, ${formatCoordinate(longitude, 'longitude', format)}`;
}
