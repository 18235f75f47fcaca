import fs from 'node:fs';
import path from 'node:path';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { GeoJSONVT, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { pmtilesArchive, type FixtureTile } from '../../../server/test/pmtiles-fixture.ts';

/**
 * A small but real self-hosted basemap for the browser tests: a PMTiles v3 archive of gzipped
 * Mapbox Vector Tiles in Protomaps' basemap schema (v4: `earth`, `landuse`, `water`, `roads`,
 * `places`), zooms 0–14, only the tiles over central São Paulo where the demo fleet drives.
 * The streets are the demo routes' own points (apps/server/src/simulator/demo-routes.json), so the
 * vehicles run along them; the river, the park and the places are drawn by hand around them.
 */

/** [west, south, east, north]: the demo fleet's area with a margin. */
export const EXTRACT_BOUNDS: [number, number, number, number] = [-46.675, -23.58, -46.595, -23.51];
export const EXTRACT_MAX_ZOOM = 14;

interface DemoRoute {
  via: string;
  route: [number, number][];
}
const routesFile = path.resolve(import.meta.dirname, '../../../server/src/simulator/demo-routes.json');

/**
 * Stretches of the demo routes named for the street they run on (route index, first and last
 * point): the legs before each route's first turn, which the route's `via` names first.
 */
export const NAMED_STREETS = [
  { route: 0, from: 0, to: 9, name: 'Avenida Paulista', kind: 'major_road' },
  { route: 4, from: 0, to: 19, name: 'Avenida Vinte e Três de Maio', kind: 'major_road' },
  { route: 1, from: 0, to: 3, name: 'Avenida Angélica', kind: 'major_road' },
  { route: 2, from: 0, to: 3, name: 'Avenida Rangel Pestana', kind: 'major_road' },
] as const;

/** Places as Protomaps writes them: the city and some of its districts. */
export const PLACES = [
  { name: 'São Paulo', kind: 'locality', at: [-46.6333, -23.5505], min_zoom: 3, population_rank: 15 },
  { name: 'Bela Vista', kind: 'neighbourhood', at: [-46.6478, -23.5598], min_zoom: 12, population_rank: 6 },
  { name: 'Bom Retiro', kind: 'neighbourhood', at: [-46.6405, -23.5262], min_zoom: 12, population_rank: 6 },
  { name: 'Mooca', kind: 'neighbourhood', at: [-46.6035, -23.5555], min_zoom: 12, population_rank: 6 },
  { name: 'Higienópolis', kind: 'neighbourhood', at: [-46.6555, -23.5445], min_zoom: 12, population_rank: 6 },
] as const;

const lonLat = ([lat, lon]: [number, number]): [number, number] => [lon, lat];

function feature(geometry: Geometry, properties: Record<string, string | number>): Feature {
  return { type: 'Feature', geometry, properties };
}

function rectangle(west: number, south: number, east: number, north: number): Geometry {
  return { type: 'Polygon', coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]]] };
}

/** Blocks of buildings ~60 m either side of a street, one beside each of its segments. */
function buildingsAlong(points: [number, number][]): Feature[] {
  const blocks: Feature[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [[lon0, lat0], [lon1, lat1]] = [points[i], points[i + 1]];
    const length = Math.hypot(lon1 - lon0, lat1 - lat0);
    // the street's normal, ~60 m long
    const [nx, ny] = [(-(lat1 - lat0) / length) * 0.0006, ((lon1 - lon0) / length) * 0.0006];
    for (const side of [1, -1]) {
      const [lon, lat] = [(lon0 + lon1) / 2 + side * nx, (lat0 + lat1) / 2 + side * ny];
      blocks.push(feature(rectangle(lon - 0.0003, lat - 0.00022, lon + 0.0003, lat + 0.00022), { kind: 'building', min_zoom: 14 }));
    }
  }
  return blocks;
}

/** The features of each layer, in the schema's layer names. */
function layers(): Record<string, FeatureCollection> {
  const routes = JSON.parse(fs.readFileSync(routesFile, 'utf8')) as DemoRoute[];
  const [west, south, east, north] = EXTRACT_BOUNDS;
  const collection = (features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });
  const named = NAMED_STREETS.map((street) => ({ ...street, points: routes[street.route].route.slice(street.from, street.to + 1).map(lonLat) }));
  return {
    earth: collection([feature(rectangle(west, south, east, north), { kind: 'earth' })]),
    landuse: collection([feature(rectangle(-46.632, -23.549, -46.627, -23.5445), { kind: 'park', name: 'Parque Dom Pedro II' })]),
    // the Tietê, north of the Marginal the truck drives on, as a band ~200 m wide
    water: collection([
      feature(
        { type: 'Polygon', coordinates: [[[west, -23.5172], [-46.63, -23.5158], [east, -23.5168], [east, -23.5186], [-46.63, -23.5176], [west, -23.519], [west, -23.5172]]] },
        { kind: 'river', name: 'Rio Tietê' },
      ),
    ]),
    roads: collection([
      // every demo route as a street, the named stretches above them
      ...routes.map((route) => feature({ type: 'LineString', coordinates: route.route.map(lonLat) }, { kind: 'minor_road', kind_detail: 'residential', min_zoom: 12 })),
      ...named.map((street) => feature({ type: 'LineString', coordinates: street.points }, { kind: street.kind, kind_detail: 'primary', name: street.name, min_zoom: 7 })),
    ]),
    buildings: collection(buildingsAlong(named[0].points)),
    places: collection(
      PLACES.map((place) =>
        feature({ type: 'Point', coordinates: [...place.at] }, { kind: place.kind, name: place.name, min_zoom: place.min_zoom, population_rank: place.population_rank }),
      ),
    ),
  };
}

/** The tile x and y holding a point at zoom z (Web Mercator, y from the north). */
function tileOf(lon: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  const x = Math.floor(((lon + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return [Math.min(n - 1, x), Math.min(n - 1, y)];
}

/** The archive's bytes: every tile over the bounds at zooms 0–14, each with the layers it holds. */
export function basemapExtract(): Buffer {
  const data = layers();
  const indexes = Object.entries(data).map(([name, features]) => ({ name, index: new GeoJSONVT(features, { maxZoom: EXTRACT_MAX_ZOOM, indexMaxZoom: EXTRACT_MAX_ZOOM }) }));
  const [west, south, east, north] = EXTRACT_BOUNDS;
  const tiles: FixtureTile[] = [];
  for (let z = 0; z <= EXTRACT_MAX_ZOOM; z++) {
    const [x0, y0] = tileOf(west, north, z);
    const [x1, y1] = tileOf(east, south, z);
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        const present: Record<string, GeoJSONVTTile> = {};
        for (const { name, index } of indexes) {
          const tile = index.getTile(z, x, y);
          if (tile?.features.length) present[name] = tile;
        }
        if (Object.keys(present).length) tiles.push({ z, x, y, data: Buffer.from(fromGeojsonVt(present, { version: 2, extent: 4096 })) });
      }
    }
  }
  const metadata = {
    name: 'Rastro e2e: central São Paulo',
    attribution: '© OpenStreetMap contributors',
    vector_layers: Object.keys(data).map((id) => ({ id, fields: {}, minzoom: 0, maxzoom: EXTRACT_MAX_ZOOM })),
  };
  return pmtilesArchive(tiles, metadata, { compression: 'gzip', bounds: EXTRACT_BOUNDS, center: [-46.6333, -23.5505, 12] });
}

/** Writes the archive where the server looks for it (RASTRO_BASEMAP_FILE); returns its size in bytes. */
export function writeBasemapExtract(file: string): number {
  const bytes = basemapExtract();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // written beside and renamed: the server never serves half a file
  fs.writeFileSync(`${file}.tmp`, bytes);
  fs.renameSync(`${file}.tmp`, file);
  return bytes.length;
}
