import { useCallback, useMemo } from 'react';
import { useServerInfo } from '../../api/queries.ts';
import { useMapInstance } from '../../state/mapInstance.ts';
import { useMapOptions } from '../../state/mapOptions.ts';
import { useSessionUser } from '../../state/session.ts';
import { useMapLayers, type MapDrawing } from '../../ui/useMapLayers.ts';
import { FALLBACK_LAYER_IDS } from './fallbackStyle.ts';
import { baseLayers, chosenBaseLayer, type BaseLayer } from './tiles.ts';

const SOURCE = 'raster-tiles';

/** The chosen base layer drawn above the offline basemap; tiles that fail leave the basemap visible. */
export function RasterTiles() {
  const map = useMapInstance();
  const server = useServerInfo().data?.server;
  const user = useSessionUser();
  const picked = useMapOptions().baseLayer;
  const layer = useMemo(() => {
    if (!server) return null;
    const layers = baseLayers(server, user);
    const id = chosenBaseLayer(layers, picked, server, user);
    return layers.find((candidate) => candidate.id === id) ?? null;
  }, [server, user, picked]);
  // a value, so a new object describing the same layer draws nothing again
  const spec = layer && JSON.stringify(layer);

  const draw = useCallback(
    ({ map, source, layer }: MapDrawing) => {
      if (!spec) return;
      const { tiles, attribution } = JSON.parse(spec) as BaseLayer;
      source(SOURCE, { type: 'raster', tiles, tileSize: 256, maxzoom: 19, attribution });
      // directly above the basemap, below whatever else is on the map
      const before = map.getStyle().layers.find((candidate) => !FALLBACK_LAYER_IDS.includes(candidate.id))?.id;
      layer({ id: SOURCE, type: 'raster', source: SOURCE }, before);
    },
    [spec],
  );
  useMapLayers(map, spec ? draw : null);

  return null;
}
