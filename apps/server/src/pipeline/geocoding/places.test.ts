import { describe, expect, it } from 'vitest';
import { distanceMeters } from '@rastro/api';
import { compassPoint, nearPlaceText } from './nearest.ts';
import { atlasPlaces, PlaceIndex, regionOf, type Place } from './places.ts';

const place = (name: string, region: string, latitude: number, longitude: number): Place => ({ name, region, latitude, longitude });

/** A few real places (GeoNames' points). */
const PLACES = [
  place('Campinas', 'SP', -22.90556, -47.06083),
  place('Valinhos', 'SP', -22.97056, -46.99583),
  place('São Paulo', 'SP', -23.5475, -46.63611),
  place('Rio de Janeiro', 'RJ', -22.90278, -43.2075),
  place('Suva', 'FJ', -18.14161, 178.44149),
  place('Apia', 'WS', -13.83333, -171.76666),
  place('Longyearbyen', 'SJ', 78.2186, 15.64007),
];

describe('nearest place', () => {
  const index = new PlaceIndex(PLACES);

  it('finds the nearest place and its distance', () => {
    const near = index.nearest(-22.88, -47.03);
    expect(near?.place.name).toBe('Campinas');
    expect(near?.distance).toBeCloseTo(distanceMeters(-22.90556, -47.06083, -22.88, -47.03), 6);
    expect(index.nearest(-22.96, -46.99)?.place.name).toBe('Valinhos');
    expect(index.nearest(-23.0, -43.5)?.place.name).toBe('Rio de Janeiro');
  });

  it('agrees with comparing every place, near and far, across the antimeridian and near a pole', () => {
    const brute = (lat: number, lon: number) => PLACES.reduce((a, b) => (distanceMeters(a.latitude, a.longitude, lat, lon) <= distanceMeters(b.latitude, b.longitude, lat, lon) ? a : b));
    for (let lat = -89; lat <= 89; lat += 7.3) {
      for (let lon = -180; lon < 180; lon += 11.7) expect(index.nearest(lat, lon)?.place, `${lat},${lon}`).toBe(brute(lat, lon));
    }
    expect(index.nearest(-16, 179.9)?.place.name).toBe('Suva');
    expect(index.nearest(-15, -179.9)?.place.name).toBe('Suva');
    expect(index.nearest(89.9, -120)?.place.name).toBe('Longyearbyen');
  });

  it('has nothing to say without places', () => {
    expect(new PlaceIndex([]).nearest(0, 0)).toBeNull();
  });
});

describe('the point said from the nearest place', () => {
  const index = new PlaceIndex(PLACES);
  const say = (lat: number, lon: number, language: 'pt-BR' | 'en-US' | 'es', unit: 'km' | 'mi' = 'km') => nearPlaceText(lat, lon, index.nearest(lat, lon), language, unit);

  it('gives distance, the point of the compass from the place and the place with its state, in each language', () => {
    // ~3 km north-east of Campinas' point
    expect(say(-22.886, -47.04, 'pt-BR')).toBe('3 km NE de Campinas, SP');
    expect(say(-22.886, -47.04, 'en-US')).toBe('3 km NE of Campinas, SP');
    expect(say(-22.886, -47.04, 'es')).toBe('3 km al NE de Campinas, SP');
    expect(say(-22.886, -47.04, 'en-US', 'mi')).toBe('2 mi NE of Campinas, SP');
  });

  it('names all eight points, each language its own way', () => {
    // 5 km from Rio's point in each direction of the compass: N, NE, E, SE, S, SW, W, NW
    const rio = PLACES[3];
    const toward = (bearing: number) => {
      const d = 5 / 111.32;
      const lat = rio.latitude + d * Math.cos((bearing * Math.PI) / 180);
      const lon = rio.longitude + (d * Math.sin((bearing * Math.PI) / 180)) / Math.cos((rio.latitude * Math.PI) / 180);
      return [lat, lon] as const;
    };
    const points = (language: 'pt-BR' | 'en-US' | 'es') => [0, 45, 90, 135, 180, 225, 270, 315].map((b) => say(...toward(b), language));
    expect(points('pt-BR')).toEqual(['N', 'NE', 'L', 'SE', 'S', 'SO', 'O', 'NO'].map((p) => `5 km ${p} de Rio de Janeiro, RJ`));
    expect(points('en-US')).toEqual(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'].map((p) => `5 km ${p} of Rio de Janeiro, RJ`));
    expect(points('es')).toEqual(['N', 'NE', 'E', 'SE', 'S', 'SO', 'O', 'NO'].map((p) => `5 km al ${p} de Rio de Janeiro, RJ`));
    expect([22.4, 22.6, 337.6, 359.9].map((b) => compassPoint(b, 'en-US'))).toEqual(['N', 'NE', 'N', 'N']);
  });

  it('says the place alone within a kilometre, groups long distances, and falls back to coordinates with no place', () => {
    expect(say(-22.9, -47.06, 'pt-BR')).toBe('Campinas, SP');
    expect(say(-10, -30, 'pt-BR')).toMatch(/^\d\.\d{3} km [A-Z]{1,2} de /);
    expect(say(-10, -30, 'en-US')).toMatch(/^\d,\d{3} km [A-Z]{1,2} of /);
    expect(nearPlaceText(-22.9, -47.06, null, 'pt-BR')).toBe('-22.90000, -47.06000');
  });
});

describe('the offline atlas\'s places', () => {
  it('are the world\'s big cities and Brazil\'s towns, with the state where it helps', () => {
    const places = atlasPlaces();
    expect(places.length).toBeGreaterThan(5000);
    expect(places.length).toBeLessThan(10_000);
    const index = new PlaceIndex(places);
    expect(nearPlaceText(-22.886, -47.04, index.nearest(-22.886, -47.04), 'pt-BR')).toBe('3 km NE de Campinas, SP');
    expect(index.nearest(-23.55, -46.63)?.place).toMatchObject({ name: 'São Paulo', region: 'SP' });
    expect(index.nearest(-32.95, -60.65)?.place).toMatchObject({ name: 'Rosario', region: 'AR' });
    expect(index.nearest(39.8, -89.65)?.place).toMatchObject({ name: 'Springfield', region: 'IL' });
    expect([regionOf('BR', '27'), regionOf('BR', '99'), regionOf('US', 'CA'), regionOf('DE', '02')]).toEqual(['SP', 'BR', 'CA', 'DE']);
  });
});
