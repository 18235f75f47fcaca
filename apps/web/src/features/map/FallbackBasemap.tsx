import { useEffect } from 'react';
import { useTheme } from '@mui/material/styles';
import type { GeoJSONSource } from 'maplibre-gl';
import { useMapInstance } from '../../state/mapInstance.ts';
import { FALLBACK_SOURCES, fillAtlas, paintFallback } from './fallbackStyle.ts';
import { gridLines } from './grid.ts';

/** Fills the offline basemap: the atlas once, the grid for every new view, colours of the theme. */
export function FallbackBasemap() {
  const map = useMapInstance();
  const mode = useTheme().palette.mode;

  useEffect(() => {
    if (map) paintFallback(map, mode);
  }, [map, mode]);

  useEffect(() => {
    if (map) fillAtlas(map);
  }, [map]);

  useEffect(() => {
    if (!map) return;
    const update = () => {
      const bounds = map.getBounds();
      map.getSource<GeoJSONSource>(FALLBACK_SOURCES.grid)?.setData(
        gridLines({ west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() }),
      );
    };
    update();
    map.on('moveend', update);
    return () => {
      map.off('moveend', update);
    };
  }, [map]);

  return null;
}
