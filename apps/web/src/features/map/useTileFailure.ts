import { useEffect } from 'react';
import type { Map as MapLibreMap, MapSourceDataEvent } from 'maplibre-gl';
import { TileHealth } from './tiles.ts';

/**
 * Calls `onFailed` once a source's tiles keep failing (`limit` errors in a row with none loaded):
 * MapLibre reports each failed tile as an `error` event naming the source, each loaded one as
 * `sourcedata` with the tile.
 */
export function useTileFailure(map: MapLibreMap | null, sourceId: string | null, limit: number, onFailed: () => void): void {
  useEffect(() => {
    if (!map || !sourceId) return;
    const health = new TileHealth(limit);
    let reported = false;
    const loaded = (event: MapSourceDataEvent) => {
      if (event.sourceId === sourceId && event.tile) health.loaded();
    };
    const failed = (event: { sourceId?: string }) => {
      if (event.sourceId !== sourceId || reported) return;
      if (health.failed()) {
        reported = true;
        onFailed();
      }
    };
    map.on('sourcedata', loaded);
    map.on('error', failed);
    return () => {
      map.off('sourcedata', loaded);
      map.off('error', failed);
    };
  }, [map, sourceId, limit, onFailed]);
}
