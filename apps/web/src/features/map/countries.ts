import type { FeatureCollection, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// An asset URL, fetched when the map opens: the 750 KB atlas stays out of the JavaScript.
import atlasUrl from 'world-atlas/countries-50m.json?url';

type CountriesTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

export interface Countries {
  land: FeatureCollection;
  /** Borders between countries only (coastlines come from the land fill). */
  borders: MultiLineString;
}

export async function loadCountries(signal: AbortSignal): Promise<Countries> {
  const response = await fetch(atlasUrl, { signal });
  if (!response.ok) throw new Error(`${atlasUrl}: HTTP ${response.status}`);
  const topology = (await response.json()) as CountriesTopology;
  return {
    land: feature(topology, topology.objects.land),
    borders: mesh(topology, topology.objects.countries, (a, b) => a !== b),
  };
}
