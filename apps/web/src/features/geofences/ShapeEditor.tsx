import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import type { LineString, Polygon } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap, MapMouseEvent, MapTouchEvent } from 'maplibre-gl';
import { TerraDraw, TerraDrawLineStringMode, TerraDrawPolygonMode, TerraDrawSelectMode, type GeoJSONStoreFeatures } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { useMapLayers, type MapDrawing } from '../../ui/useMapLayers.ts';
import { shapeFromGeometry, shapeGeometry, vertices, type Shape } from './shapes.ts';

/** The vertex the user last touched, ringed so that a phone, which has no right-click, can delete it. */
const ACTIVE = 'geofence-active-vertex';
/** Pixels from a vertex within which a press picks it: a fingertip's width. */
const PICK_PX = 24;

interface ShapeEditorProps {
  map: MapLibreMap;
  /** The polygon or line to edit (never a circle: CircleEditor does those). */
  shape: Shape;
  color: string;
  /** Index of the vertex to ring, or null. */
  active: number | null;
  /** Every change of the edited shape, while dragging too. */
  onShape: (shape: Shape) => void;
  /** A press on a vertex (its index) or elsewhere (null). */
  onPick: (index: number | null) => void;
}

/**
 * Edits an existing polygon or line with terra-draw's select mode: vertices and the whole shape
 * draggable, midpoints insert a vertex, right-click deletes one (terra-draw keeps at least 3 points
 * of a polygon, 2 of a line). A new `shape` prop from outside (a vertex deleted by button) is pushed in.
 */
export default function ShapeEditor({ map, shape, color, active, onShape, onPick }: ShapeEditorProps) {
  const changed = useEffectEvent(onShape);
  const picked = useEffectEvent(onPick);
  const session = useRef<{ draw: TerraDraw; id: string | number; last: Shape } | null>(null);
  const kind = shape.kind;
  const initial = useRef(shape);

  useEffect(() => {
    if (kind === 'circle') return;
    const hex = (/^#[0-9a-f]{6}$/i.test(color) ? color : '#1976d2') as `#${string}`;
    const coarse = window.matchMedia('(pointer: coarse)').matches;
    const mode = kind === 'polygon' ? 'polygon' : 'linestring';
    const coordinates = { midpoints: true, draggable: true, deletable: true };
    const draw = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map }),
      modes: [
        new TerraDrawPolygonMode({ styles: { fillColor: hex, outlineColor: hex, fillOpacity: 0.25, outlineWidth: 3 } }),
        new TerraDrawLineStringMode({ styles: { lineStringColor: hex, lineStringWidth: 4 } }),
        new TerraDrawSelectMode({
          // the shape stays selected: clicking the map beside it must not hide the handles
          allowManualDeselection: false,
          pointerDistance: coarse ? 44 : 30,
          flags: { [mode]: { feature: { draggable: true, coordinates } } },
          styles: {
            selectedPolygonColor: hex,
            selectedPolygonOutlineColor: hex,
            selectedPolygonFillOpacity: 0.25,
            selectedPolygonOutlineWidth: 3,
            selectedLineStringColor: hex,
            selectedLineStringWidth: 4,
            // big enough for a finger on phones
            selectionPointWidth: coarse ? 10 : 7,
            selectionPointColor: '#ffffff',
            selectionPointOutlineColor: hex,
            selectionPointOutlineWidth: 3,
            midPointWidth: coarse ? 7 : 5,
            midPointColor: hex,
            midPointOutlineColor: '#ffffff',
            midPointOutlineWidth: 2,
          },
        }),
      ],
    });
    draw.start();
    const id = draw.getFeatureId();
    const feature = { id, type: 'Feature', geometry: shapeGeometry(initial.current), properties: { mode } } as GeoJSONStoreFeatures;
    const [validation] = draw.addFeatures([feature]);
    if (!validation?.valid) console.warn('geofence shape refused by terra-draw:', validation?.reason);
    draw.setMode('select');
    draw.selectFeature(id);
    session.current = { draw, id, last: initial.current };

    draw.on('change', (ids) => {
      if (!ids.includes(id)) return;
      const geometry = draw.getSnapshotFeature(id)?.geometry as Polygon | LineString | undefined;
      const next = geometry && shapeFromGeometry(kind, geometry);
      if (!next || !session.current) return;
      session.current.last = next;
      changed(next);
    });

    // a press near a vertex makes it the active one (for the delete button); elsewhere clears it
    const press = (event: MapMouseEvent | MapTouchEvent) => {
      const current = session.current?.last;
      if (!current) return;
      let best: number | null = null;
      let bestPx = PICK_PX;
      vertices(current).forEach((vertex, index) => {
        const { x, y } = map.project(vertex as [number, number]);
        const px = Math.hypot(x - event.point.x, y - event.point.y);
        if (px < bestPx) [best, bestPx] = [index, px];
      });
      picked(best);
    };
    const presses = [map.on('mousedown', press), map.on('touchstart', press)];
    return () => {
      session.current = null;
      presses.forEach((subscription) => subscription.unsubscribe());
      draw.stop();
    };
  }, [map, kind, color]);

  // above terra-draw's layers, which the effect above has just added
  const ring = useCallback(({ source, layer }: MapDrawing) => {
    const coarse = window.matchMedia('(pointer: coarse)').matches;
    source(ACTIVE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    layer({ id: ACTIVE, type: 'circle', source: ACTIVE, paint: { 'circle-radius': coarse ? 18 : 13, 'circle-color': 'rgba(0,0,0,0)', 'circle-stroke-color': '#d32f2f', 'circle-stroke-width': 3 } });
  }, []);
  const ringed = useMapLayers(map, kind === 'circle' ? null : ring);

  // a shape changed from outside (a vertex deleted by button) goes into terra-draw
  useEffect(() => {
    const current = session.current;
    if (!current || current.last === shape || shape.kind === 'circle') return;
    current.last = shape;
    current.draw.updateFeatureGeometry(current.id, shapeGeometry(shape));
  }, [shape]);

  useEffect(() => {
    const vertex = active === null ? undefined : vertices(shape)[active];
    const features = vertex ? [{ type: 'Feature' as const, properties: {}, geometry: { type: 'Point' as const, coordinates: vertex } }] : [];
    ringed?.map.getSource<GeoJSONSource>(ACTIVE)?.setData({ type: 'FeatureCollection', features });
  }, [ringed, shape, active]);

  return null;
}
