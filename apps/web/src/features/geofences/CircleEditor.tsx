import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import type { GeoJSONSource, Map as MapLibreMap, MapLayerMouseEvent, MapLayerTouchEvent, MapMouseEvent, MapTouchEvent } from 'maplibre-gl';
import { useMapLayers, type MapDrawing } from '../../ui/useMapLayers.ts';
import { bearing, circleRing, destination, distance, type Shape } from './shapes.ts';

const SOURCE = 'geofence-circle-edit';
const HANDLES = `${SOURCE}-handles`;
/** Invisible, wider discs over the handles that take the presses: a fingertip is wider than a handle. */
const HITS = `${SOURCE}-hits`;
/** Smallest radius the handle can make, so that the circle never collapses under the centre. */
const MIN_RADIUS_M = 5;

type Circle = Extract<Shape, { kind: 'circle' }>;

interface CircleEditorProps {
  map: MapLibreMap;
  shape: Circle;
  color: string;
  onShape: (shape: Circle) => void;
}

/**
 * Edits a circle exactly (centre and radius as Traccar stores them, not a polygon approximation):
 * drag the centre handle to move it, the edge handle to change the radius. terra-draw is not needed.
 */
export function CircleEditor({ map, shape, color, onShape }: CircleEditorProps) {
  const changed = useEffectEvent(onShape);
  const current = useRef(shape);
  current.current = shape;
  // where on the edge the radius handle sits; it follows the pointer's direction
  const handleBearing = useRef(90);

  const draw = useCallback(
    ({ source, layer }: MapDrawing) => {
      const coarse = window.matchMedia('(pointer: coarse)').matches;
      source(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      layer({ id: `${SOURCE}-fill`, type: 'fill', source: SOURCE, filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': color, 'fill-opacity': 0.25 } });
      layer({ id: `${SOURCE}-line`, type: 'line', source: SOURCE, filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'line-color': color, 'line-width': 3 } });
      layer({
        id: HANDLES,
        type: 'circle',
        source: SOURCE,
        filter: ['==', ['geometry-type'], 'Point'],
        // big enough for a finger on phones
        paint: { 'circle-radius': coarse ? 12 : 8, 'circle-color': '#ffffff', 'circle-stroke-color': color, 'circle-stroke-width': 3 },
      });
      layer({ id: HITS, type: 'circle', source: SOURCE, filter: ['==', ['geometry-type'], 'Point'], paint: { 'circle-radius': coarse ? 24 : 14, 'circle-opacity': 0 } });
    },
    [color],
  );
  const drawn = useMapLayers(map, draw);

  // the handles' presses: a layer's listeners outlive the layer, so they wait for it
  useEffect(() => {
    let dragging: 'centre' | 'radius' | null = null;
    const start = (event: MapLayerMouseEvent | MapLayerTouchEvent) => {
      if ('points' in event && event.points.length !== 1) return;
      const role: unknown = event.features?.[0]?.properties?.role;
      if (role !== 'centre' && role !== 'radius') return;
      // keeps the map from panning under the handle
      event.preventDefault();
      dragging = role;
      map.getCanvas().style.cursor = 'grabbing';
    };
    const move = (event: MapMouseEvent | MapTouchEvent) => {
      if (!dragging) return;
      const point: [number, number] = [event.lngLat.lng, event.lngLat.lat];
      const circle = current.current;
      if (dragging === 'centre') changed({ ...circle, center: point });
      else {
        handleBearing.current = bearing(circle.center, point);
        changed({ ...circle, radius: Math.max(MIN_RADIUS_M, distance(circle.center, point)) });
      }
    };
    const end = () => {
      if (!dragging) return;
      dragging = null;
      map.getCanvas().style.cursor = '';
    };
    const hover = () => (map.getCanvas().style.cursor = dragging ? 'grabbing' : 'grab');
    const leave = () => (map.getCanvas().style.cursor = dragging ? 'grabbing' : '');
    const listening = [
      map.on('mousedown', HITS, start),
      map.on('touchstart', HITS, start),
      map.on('mouseenter', HITS, hover),
      map.on('mouseleave', HITS, leave),
      map.on('mousemove', move),
      map.on('touchmove', move),
      map.on('mouseup', end),
      map.on('touchend', end),
    ];
    return () => {
      listening.forEach((subscription) => subscription.unsubscribe());
      map.getCanvas().style.cursor = '';
    };
  }, [map]);

  useEffect(() => {
    const edge = destination(shape.center, shape.radius, handleBearing.current);
    drawn?.map.getSource<GeoJSONSource>(SOURCE)?.setData({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [circleRing(shape.center, shape.radius)] } },
        { type: 'Feature', properties: { role: 'centre' }, geometry: { type: 'Point', coordinates: shape.center } },
        { type: 'Feature', properties: { role: 'radius' }, geometry: { type: 'Point', coordinates: edge } },
      ],
    });
  }, [drawn, shape]);

  return null;
}
