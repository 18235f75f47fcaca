import { useEffect } from 'react';
import { useServerInfo } from '../../api/queries.ts';
import { useSessionUser } from '../../app/session.ts';
import { FALLBACK_LAYER_IDS } from './fallbackStyle.ts';
import { useMapInstance } from './mapContext.ts';
import { rasterTileUrls } from './tiles.ts';

const SOURCE = 'raster-tiles';

/** The configured tile server drawn above the offline basemap; tiles that fail leave the basemap visible. */
export function RasterTiles() {
  const map = useMapInstance();
  const server = useServerInfo().data?.server;
  const user = useSessionUser();
  const tiles = server ? rasterTileUrls(server, user) : null;
  const key = tiles?.join(' ');

  useEffect(() => {
    if (!key) return;
    map.addSource(SOURCE, { type: 'raster', tiles: key.split(' '), tileSize: 256, maxzoom: 19 });
    // directly above the basemap, below whatever else is on the map
    const before = map.getStyle().layers.find((layer) => !FALLBACK_LAYER_IDS.includes(layer.id))?.id;
    map.addLayer({ id: SOURCE, type: 'raster', source: SOURCE }, before);
    return () => {
      map.removeLayer(SOURCE);
      map.removeSource(SOURCE);
    };
  }, [map, key]);

  return null;
}
