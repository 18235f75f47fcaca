import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

const MODULE = 'virtual:offline-atlas';
const RESOLVED = `\0${MODULE}`;
const DEV_BASE = '/@offline-atlas/';

type CountriesTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

/** Thousandths of a degree (~100 m): finer than the 1:50m atlas itself. */
const rounded = (_key: string, value: unknown) => (typeof value === 'number' ? Math.round(value * 1000) / 1000 : value);

/**
 * The offline basemap's atlas as two GeoJSON files, land and the borders between countries, made
 * from world-atlas' TopoJSON at build time. The map's worker fetches and parses them itself from
 * their URLs in the first style: converted in the page, the atlas cost the main thread its parsing,
 * the conversion and the copy to the worker, and the map a second round of tiles.
 * `import { landUrl, bordersUrl } from 'virtual:offline-atlas'`.
 */
export function offlineAtlas(): Plugin {
  let files: { land: string; borders: string } | null = null;
  const atlas = () => {
    if (!files) {
      const topology = createRequire(import.meta.url)('world-atlas/countries-50m.json') as CountriesTopology;
      files = {
        land: JSON.stringify(feature(topology, topology.objects.land), rounded),
        borders: JSON.stringify(mesh(topology, topology.objects.countries, (a, b) => a !== b), rounded),
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
      if (serving) return `export const landUrl = '${DEV_BASE}land.json';\nexport const bordersUrl = '${DEV_BASE}borders.json';\n`;
      const { land, borders } = atlas();
      const landRef = this.emitFile({ type: 'asset', name: 'atlas-land.json', source: land });
      const bordersRef = this.emitFile({ type: 'asset', name: 'atlas-borders.json', source: borders });
      return `export const landUrl = import.meta.ROLLUP_FILE_URL_${landRef};\nexport const bordersUrl = import.meta.ROLLUP_FILE_URL_${bordersRef};\n`;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = request.url?.startsWith(DEV_BASE) ? request.url.slice(DEV_BASE.length) : null;
        if (name !== 'land.json' && name !== 'borders.json') return next();
        response.setHeader('content-type', 'application/json');
        response.end(atlas()[name === 'land.json' ? 'land' : 'borders']);
      });
    },
  };
}
