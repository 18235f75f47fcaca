import type { LngLatBoundsLike, Map as MapLibreMap } from 'maplibre-gl';
import { createStore } from '../../../state/store.ts';

/** Height in px of the report sheet over the bottom of the map, so drawings are fitted above it. */
export const mapInset = createStore(0);

const MARGIN = 48;
const MAX_ZOOM = 17;

/** Shows the coordinates ([lon, lat] pairs) in the part of the map the sheet leaves visible. */
export function fitCoordinates(map: MapLibreMap, coordinates: readonly [number, number][]): void {
  if (!coordinates.length) return;
  let [west, south] = coordinates[0];
  let [east, north] = coordinates[0];
  for (const [lon, lat] of coordinates) {
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  const height = map.getContainer().clientHeight;
  const bottom = Math.min(mapInset.get(), height * 0.8);
  // a sheet covering nearly all the map leaves no room to fit into: keep the padding possible
  const vertical = Math.max(0, Math.min(MARGIN, (height - bottom) / 4));
  const bounds: LngLatBoundsLike = [[west, south], [east, north]];
  map.fitBounds(bounds, {
    padding: { top: vertical, bottom: bottom + vertical, left: MARGIN, right: MARGIN + 16 },
    maxZoom: MAX_ZOOM,
    duration: 400,
  });
}
