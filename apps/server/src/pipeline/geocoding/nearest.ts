import { bearingDegrees, convertDistance, type DistanceUnit } from '@rastro/api';
import type { Nearest } from './places.ts';

/** The languages of the web app (and of report exports). */
export type Language = 'pt-BR' | 'en-US' | 'es';

/** The eight points of the compass from north, clockwise, as each language abbreviates them. */
const POINTS: Record<Language, readonly string[]> = {
  'pt-BR': ['N', 'NE', 'L', 'SE', 'S', 'SO', 'O', 'NO'],
  'en-US': ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'],
  es: ['N', 'NE', 'E', 'SE', 'S', 'SO', 'O', 'NO'],
};

const PHRASES: Record<Language, (distance: string, point: string, place: string) => string> = {
  'pt-BR': (distance, point, place) => `${distance} ${point} de ${place}`,
  'en-US': (distance, point, place) => `${distance} ${point} of ${place}`,
  es: (distance, point, place) => `${distance} al ${point} de ${place}`,
};

/** Within this of a place's point, a position is in the place: its name alone. */
const IN_PLACE_M = 1000;

/** The point of the compass (of eight) of a bearing in degrees. */
export function compassPoint(bearing: number, language: Language): string {
  return POINTS[language][Math.round((((bearing % 360) + 360) % 360) / 45) % 8];
}

/** Coordinates as the web app writes them when it has nothing better. */
export const coordinatesText = (latitude: number, longitude: number) => `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;

/**
 * Where a point is, said from the nearest named place: "3 km NE de Campinas, SP" (from the place
 * towards the point), "Campinas, SP" within a kilometre of it; the coordinates when no place is known.
 */
export function nearPlaceText(latitude: number, longitude: number, nearest: Nearest | null, language: Language, unit: DistanceUnit = 'km'): string {
  if (!nearest) return coordinatesText(latitude, longitude);
  const { place, distance } = nearest;
  const name = place.region ? `${place.name}, ${place.region}` : place.name;
  if (distance < IN_PLACE_M) return name;
  const amount = Math.max(1, Math.round(convertDistance(distance, unit)));
  const point = compassPoint(bearingDegrees(place.latitude, place.longitude, latitude, longitude), language);
  return PHRASES[language](`${new Intl.NumberFormat(language).format(amount)} ${unit}`, point, name);
}
