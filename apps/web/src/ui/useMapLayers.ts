import { useEffect, useMemo, useState } from 'react';
import type { GeoJSON } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap, SourceSpecification } from 'maplibre-gl';

type LayerToAdd = Parameters<MapLibreMap['addLayer']>[0];

/** What a drawing puts on the map, through this so that it can be taken off again. */
export interface MapDrawing {
  readonly map: MapLibreMap;
  source: (id: string, spec: SourceSpecification) => void;
  layer: (spec: LayerToAdd, beforeId?: string) => void;
  /** An image painted for the screen's pixel ratio. */
  image: (id: string, paint: (pixelRatio: number) => ImageData) => void;
}

/** Adds sources, layers and images; may return what takes anything else it set up (event handlers) off again. */
export type Draw = ((drawing: MapDrawing) => void) | ((drawing: MapDrawing) => () => void);

/**
 * A removed map (sign-out tears the shell's map down before the pages beside it unmount) has no
 * style left, and nothing to take off it.
 */
const removed = (map: MapLibreMap) => !(map.style as MapLibreMap['style'] | undefined);

/**
 * Between a new style and its `style.load` nothing can be added. `isStyleLoaded()` also waits for
 * every source's tiles, which is not what adding needs.
 */
const styleReady = (map: MapLibreMap) => !removed(map) && map.style._loaded;

/** A drawing made on `map`; a new object each time it is made again. */
export interface Drawn {
  readonly map: MapLibreMap;
  /** How many new styles the map has had: the drawing is made again after each. */
  readonly style: number;
}

/**
 * Draws on a map while the component is mounted: `draw` adds its sources, layers and images
 * through the given `MapDrawing`, which records them; they are taken off (those still there) when
 * `draw` changes, when the component unmounts, and before being drawn again after a new style,
 * which drops them. `draw` should be memoised (useCallback) on what it draws; null draws nothing.
 * Returns a new `Drawn` each time the drawing is made (null while there is none): an effect that
 * sets a source's data depends on it, so the data reaches a source made again too.
 */
export function useMapLayers(map: MapLibreMap | null, draw: Draw | null): Drawn | null {
  const [style, setStyle] = useState(0);

  useEffect(() => {
    if (!map) return;
    const reloaded = () => setStyle((count) => count + 1);
    map.on('style.load', reloaded);
    return () => {
      map.off('style.load', reloaded);
    };
  }, [map]);

  useEffect(() => {
    // a style still loading: its `style.load` draws
    if (!map || !draw || !styleReady(map)) return;
    const layers: string[] = [];
    const sources: string[] = [];
    const images: string[] = [];
    let undo: (() => void) | undefined;
    const takeOff = () => {
      undo?.();
      if (removed(map)) return;
      // a new style may have dropped them already
      for (const id of layers.reverse()) if (map.getLayer(id)) map.removeLayer(id);
      for (const id of sources) if (map.getSource(id)) map.removeSource(id);
      for (const id of images) if (map.hasImage(id)) map.removeImage(id);
    };
    try {
      const made: unknown = draw({
        map,
        source: (id, spec) => {
          map.addSource(id, spec);
          sources.push(id);
        },
        layer: (spec, beforeId) => {
          map.addLayer(spec, beforeId);
          layers.push(spec.id);
        },
        image: (id, paint) => {
          const pixelRatio = window.devicePixelRatio;
          map.addImage(id, paint(pixelRatio), { pixelRatio });
          images.push(id);
        },
      });
      if (typeof made === 'function') undo = made as () => void;
    } catch (error) {
      // nothing half drawn stays behind
      takeOff();
      throw error;
    }
    return takeOff;
  }, [map, draw, style]);

  // changes with every drawing made, in the render whose effects make it
  return useMemo(() => (map && draw ? { map, style } : null), [map, draw, style]);
}

/** Keeps a drawn GeoJSON source's data: set when it changes, and again on each new drawing (which starts empty). */
export function useSourceData(drawn: Drawn | null, source: string, data: GeoJSON) {
  useEffect(() => {
    drawn?.map.getSource<GeoJSONSource>(source)?.setData(data);
  }, [drawn, source, data]);
}
