import { useEffect, useMemo } from 'react';
import { useServerInfo } from '../../api/queries.ts';
import { useMapOptions } from '../../app/mapOptions.ts';
import { useSessionUser } from '../../app/session.ts';
import { FALLBACK_LAYER_IDS } from './fallbackStyle.ts';
import { useMapInstance } from './mapContext.ts';
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

  useEffect(() => {
    if (!spec) return;
    const { tiles, attribution } = JSON.parse(spec) as BaseLayer;
    map.addSource(SOURCE, { type: 'raster', tiles, tileSize: 256, maxzoom: 19, attribution });
    // directly above the basemap, below whatever else is on the map
    const before = map.getStyle().layers.find((candidate) => !FALLBACK_LAYER_IDS.includes(candidate.id))?.id;
    map.addLayer({ id: SOURCE, type: 'raster', source: SOURCE }, before);
    return () => {
      map.removeLayer(SOURCE);
      map.removeSource(SOURCE);
    };
  }, [map, spec]);

  return null;
}
