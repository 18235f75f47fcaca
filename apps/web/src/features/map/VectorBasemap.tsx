import { useCallback } from 'react';
import { useTheme } from '@mui/material/styles';
import maplibregl from 'maplibre-gl';
import { Protocol } from 'pmtiles';
import { useMapInstance } from '../../state/mapInstance.ts';
import { useMapLayers, type MapDrawing } from '../../ui/useMapLayers.ts';
import { BASEMAP_SOURCE, basemapLayers } from './basemapStyle.ts';
import { FALLBACK_LAYER_IDS } from './fallbackStyle.ts';
import type { BaseLayer } from './tiles.ts';
import { useTileFailure } from './useTileFailure.ts';

type VectorLayer = Extract<BaseLayer, { kind: 'vector' }>;

let registered = false;
/** MapLibre reads `pmtiles://` sources through the pmtiles library: byte ranges of the one file. */
function registerProtocol(): void {
  if (registered) return;
  registered = true;
  maplibregl.addProtocol('pmtiles', new Protocol().tile);
}

/** The self-hosted vector basemap drawn above the offline atlas; `onFailed` when the file cannot be read. */
export function VectorBasemap({ layer, onFailed }: { layer: VectorLayer; onFailed: () => void }) {
  const map = useMapInstance();
  const mode = useTheme().palette.mode;
  const { url, attribution } = layer;

  const draw = useCallback(
    ({ map, source, layer: add }: MapDrawing) => {
      registerProtocol();
      source(BASEMAP_SOURCE, { type: 'vector', url, attribution });
      const before = map.getStyle().layers.find((candidate) => !FALLBACK_LAYER_IDS.includes(candidate.id))?.id;
      for (const spec of basemapLayers(mode)) add(spec, before);
    },
    [url, attribution, mode],
  );
  useMapLayers(map, draw);
  // the archive is one file on this server: its first error is as good as any
  useTileFailure(map, BASEMAP_SOURCE, 1, onFailed);

  return null;
}
