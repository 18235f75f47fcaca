import { useCallback } from 'react';
import { useTheme } from '@mui/material/styles';
import type { Position } from '@rastro/api';
import type { LayerSpecification, MapMouseEvent } from 'maplibre-gl';
import { useMapInstance } from '../../../state/mapInstance.ts';
import type { OverlayMode } from '../../../state/mapOverlay.ts';
import { streetViewUrl } from '../../../ui/externalMaps.ts';
import { useMapLayers, type MapDrawing } from '../../../ui/useMapLayers.ts';
import { positionsBounds } from '../view.ts';
import { routeLine, routePoints } from './historyFeatures.ts';

const LINE = 'history-line';
const POINTS = 'history-points';

/** Draws a period of positions as a path, as points, as a heat map, or as points opening Street View. */
export function HistoryLayers({ positions, mode }: { positions: readonly Position[]; mode: OverlayMode }) {
  const map = useMapInstance();
  const theme = useTheme();

  const color = theme.palette.primary.main;
  const accent = theme.palette.secondary.main;

  const draw = useCallback(
    ({ map, source, layer }: MapDrawing) => {
      const layers: LayerSpecification[] = [];
      if (mode === 'route') {
        source(LINE, { type: 'geojson', data: routeLine(positions) });
        layers.push({ id: LINE, type: 'line', source: LINE, layout: { 'line-join': 'round', 'line-cap': 'round' }, paint: { 'line-color': color, 'line-width': 4 } });
      }
      source(POINTS, { type: 'geojson', data: routePoints(positions) });
      if (mode === 'heat') {
        layers.push({
          id: POINTS,
          type: 'heatmap',
          source: POINTS,
          paint: {
            'heatmap-radius': ['interpolate', ['linear'], ['zoom'], 4, 4, 16, 18],
            // a tracker reports every few seconds: many points per street, so each weighs little
            'heatmap-intensity': ['interpolate', ['linear'], ['zoom'], 4, 0.15, 16, 0.5],
            'heatmap-opacity': 0.8,
          },
        });
      } else {
        layers.push({
          id: POINTS,
          type: 'circle',
          source: POINTS,
          // the path shows its points only when zoomed in; the other modes are all points
          ...(mode === 'route' ? { minzoom: 14 } : {}),
          paint: {
            'circle-radius': mode === 'street' ? 6 : 4,
            'circle-color': mode === 'street' ? accent : color,
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 1.5,
          },
        });
      }
      layers.forEach((spec) => layer(spec));

      const bounds = positionsBounds(positions);
      // room at the top for the overlay's bar
      if (bounds) map.fitBounds(bounds, { padding: { top: 96, bottom: 48, left: 48, right: 48 }, maxZoom: 16, duration: 0 });

      if (mode !== 'street') return;
      const openStreetView = (event: MapMouseEvent) => {
        const [hit] = map.queryRenderedFeatures(event.point, { layers: [POINTS] });
        const { latitude, longitude, course } = hit?.properties ?? {};
        if (typeof latitude === 'number' && typeof longitude === 'number') {
          window.open(streetViewUrl(latitude, longitude, Number(course) || 0), '_blank', 'noopener');
        }
      };
      const clicks = map.on('click', POINTS, openStreetView);
      return () => clicks.unsubscribe();
    },
    [positions, mode, color, accent],
  );
  useMapLayers(map, draw);

  return null;
}
