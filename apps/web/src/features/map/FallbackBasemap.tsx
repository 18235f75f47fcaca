import { useEffect } from 'react';
import { useTheme } from '@mui/material/styles';
import type { GeoJSONSource } from 'maplibre-gl';
import { loadCountries } from './countries.ts';
import { FALLBACK_SOURCES, paintFallback } from './fallbackStyle.ts';
import { gridLines } from './grid.ts';
import { useMapInstance } from './mapContext.ts';

/** Fills the offline basemap: countries once, the grid for every new view, colours of the theme. */
export function FallbackBasemap() {
  const map = useMapInstance();
  const mode = useTheme().palette.mode;

  useEffect(() => paintFallback(map, mode), [map, mode]);

  useEffect(() => {
    const abort = new AbortController();
    loadCountries(abort.signal).then(
      ({ land, borders }) => {
        map.getSource<GeoJSONSource>(FALLBACK_SOURCES.land)?.setData(land);
        map.getSource<GeoJSONSource>(FALLBACK_SOURCES.borders)?.setData(borders);
      },
      (error: unknown) => {
        // without the atlas the sea colour and the grid still show where things are
        if (!abort.signal.aborted) console.warn('Offline basemap unavailable', error);
      },
    );
    return () => abort.abort();
  }, [map]);

  useEffect(() => {
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
