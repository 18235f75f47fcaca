import { useCallback } from 'react';
import { useMapInstance } from '../../state/mapInstance.ts';
import { useMapLayers, type MapDrawing } from '../../ui/useMapLayers.ts';
import { FALLBACK_LAYER_IDS } from './fallbackStyle.ts';
import type { BaseLayer } from './tiles.ts';
import { useTileFailure } from './useTileFailure.ts';

const SOURCE = 'raster-tiles';
/** Tiles failing in a row, none loading, before the layer is given up for the fallback. */
const FAILURES = 4;

type RasterLayer = Extract<BaseLayer, { kind: 'raster' }>;

/** A raster base layer drawn above the offline atlas; `onFailed` when its tiles cannot be fetched. */
export function RasterTiles({ layer, onFailed }: { layer: RasterLayer; onFailed: () => void }) {
  const map = useMapInstance();
  // a value, so a new object describing the same layer draws nothing again
  const spec = JSON.stringify(layer);

  const draw = useCallback(
    ({ map, source, layer }: MapDrawing) => {
      const { tiles, attribution, maxzoom } = JSON.parse(spec) as RasterLayer;
      source(SOURCE, { type: 'raster', tiles, tileSize: 256, maxzoom, attribution });
      // directly above the atlas, below whatever else is on the map
      const before = map.getStyle().layers.find((candidate) => !FALLBACK_LAYER_IDS.includes(candidate.id))?.id;
      layer({ id: SOURCE, type: 'raster', source: SOURCE }, before);
    },
    [spec],
  );
  useMapLayers(map, draw);
  useTileFailure(map, SOURCE, FAILURES, onFailed);

  return null;
}
