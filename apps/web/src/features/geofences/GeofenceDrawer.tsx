import { useEffect, useEffectEvent } from 'react';
import type { LineString, Polygon } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { TerraDraw, TerraDrawCircleMode, TerraDrawLineStringMode, TerraDrawPolygonMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { shapeFromGeometry, type Shape, type ShapeKind } from './shapes.ts';

const MODES: Record<ShapeKind, string> = { circle: 'circle', polygon: 'polygon', line: 'linestring' };

interface GeofenceDrawerProps {
  map: MapLibreMap;
  kind: ShapeKind;
  color: string;
  /** Clicks on the map since drawing started (circle: 1 = centre set). */
  onClick: () => void;
  /** The finished shape; drawing again replaces it. */
  onShape: (shape: Shape | null) => void;
}

/** Draws one shape on the shell's map with terra-draw; this module is the only one that loads it. */
export default function GeofenceDrawer({ map, kind, color, onClick, onShape }: GeofenceDrawerProps) {
  const clicked = useEffectEvent(onClick);
  const finished = useEffectEvent(onShape);

  useEffect(() => {
    const hex = (/^#[0-9a-f]{6}$/i.test(color) ? color : '#1976d2') as `#${string}`;
    const styles = { fillColor: hex, outlineColor: hex, lineStringColor: hex, closingPointColor: hex, fillOpacity: 0.25 };
    const draw = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map }),
      modes: [
        new TerraDrawCircleMode({ styles }),
        new TerraDrawPolygonMode({ styles }),
        new TerraDrawLineStringMode({ styles }),
      ],
    });
    draw.start();
    draw.setMode(MODES[kind]);
    draw.on('finish', (id) => {
      const feature = draw.getSnapshotFeature(id);
      if (!feature) return;
      // one shape per geofence: a new drawing replaces the previous one
      const others = draw.getSnapshot().filter((f) => f.id !== id).map((f) => f.id!).filter((fid) => fid !== undefined);
      if (others.length) draw.removeFeatures(others);
      finished(shapeFromGeometry(kind, feature.geometry as Polygon | LineString));
    });
    const click = () => clicked();
    map.on('click', click);
    map.getCanvas().style.cursor = 'crosshair';
    return () => {
      map.off('click', click);
      map.getCanvas().style.cursor = '';
      draw.stop();
    };
  }, [map, kind, color]);

  return null;
}
