import type { Map as MapLibreMap, PaddingOptions } from 'maplibre-gl';

/** The padding each map is to get once its camera lands. */
const pending = new WeakMap<MapLibreMap, PaddingOptions>();

const same = (a: PaddingOptions, b: PaddingOptions) => a.top === b.top && a.right === b.right && a.bottom === b.bottom && a.left === b.left;

/**
 * Sets the part of the map that panels leave free, so the map centres what it shows there.
 * `setPadding` is a jump, which would cut short a camera flight (to a device picked in the list,
 * say, while its panel changes): while the camera moves, the latest padding waits for it to land.
 */
export function padMap(map: MapLibreMap, padding: PaddingOptions): void {
  if (same(map.getPadding(), padding)) {
    pending.delete(map);
    return;
  }
  if (map.isMoving()) {
    if (!pending.has(map)) {
      // given a listener, `once` returns the map (its type also allows the promise it returns without one)
      void map.once('moveend', () => {
        const latest = pending.get(map);
        pending.delete(map);
        if (latest) padMap(map, latest);
      });
    }
    pending.set(map, padding);
    return;
  }
  map.setPadding(padding);
}
