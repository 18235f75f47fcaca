// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { useMapLayers, type Draw } from './useMapLayers.ts';

/** The part of a MapLibre map the hook uses, keeping what is on it and the calls made. */
class FakeMap {
  style: { _loaded: boolean } | undefined = { _loaded: true };
  layers: string[] = [];
  sources: string[] = [];
  images: string[] = [];
  calls: string[] = [];
  private listeners = new Map<string, Set<() => void>>();

  on(type: string, listener: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
    return this;
  }
  off(type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
    return this;
  }
  fire(type: string) {
    this.listeners.get(type)?.forEach((listener) => listener());
  }
  addSource(id: string) {
    this.sources.push(id);
  }
  addLayer(spec: { id: string }) {
    this.layers.push(spec.id);
  }
  addImage(id: string) {
    this.images.push(id);
  }
  getLayer(id: string) {
    return this.layers.includes(id) || undefined;
  }
  getSource(id: string) {
    return this.sources.includes(id) || undefined;
  }
  hasImage(id: string) {
    return this.images.includes(id);
  }
  removeLayer(id: string) {
    this.calls.push(`removeLayer ${id}`);
    this.layers = this.layers.filter((layer) => layer !== id);
  }
  removeSource(id: string) {
    this.calls.push(`removeSource ${id}`);
    this.sources = this.sources.filter((source) => source !== id);
  }
  removeImage(id: string) {
    this.calls.push(`removeImage ${id}`);
    this.images = this.images.filter((image) => image !== id);
  }
  /** What MapLibre's `setStyle` does to what others added, before its `style.load`. */
  dropAll() {
    this.layers = [];
    this.sources = [];
    this.images = [];
  }
}

const draw: Draw = ({ source, layer, image }) => {
  source('points', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
  image('arrow', () => ({ width: 1, height: 1, data: new Uint8ClampedArray(4) }) as ImageData);
  layer({ id: 'points', type: 'circle', source: 'points' });
  layer({ id: 'arrows', type: 'symbol', source: 'points' });
};

function drawOn(fake: FakeMap, what: Draw | null = draw) {
  return renderHook(({ map, what }) => useMapLayers(map as unknown as MapLibreMap, what), { initialProps: { map: fake, what } });
}

describe('useMapLayers', () => {
  it('takes off what it drew, layers last drawn first, when the component goes', () => {
    const fake = new FakeMap();
    const view = drawOn(fake);
    expect(fake.layers).toEqual(['points', 'arrows']);
    expect(view.result.current?.map).toBe(fake);
    view.unmount();
    expect(fake.calls).toEqual(['removeLayer arrows', 'removeLayer points', 'removeSource points', 'removeImage arrow']);
    expect([...fake.layers, ...fake.sources, ...fake.images]).toEqual([]);
  });

  it('draws nothing for a null drawing', () => {
    const fake = new FakeMap();
    const view = drawOn(fake, null);
    expect(fake.layers).toEqual([]);
    expect(view.result.current).toBeNull();
  });

  it('touches nothing on a map already removed (sign-out tears the map down first)', () => {
    const fake = new FakeMap();
    const view = drawOn(fake);
    fake.style = undefined;
    view.unmount();
    expect(fake.calls).toEqual([]);
  });

  it('draws again after a new style, which dropped the drawing, with a new result', () => {
    const fake = new FakeMap();
    const view = drawOn(fake);
    const first = view.result.current;
    fake.dropAll();
    act(() => fake.fire('style.load'));
    expect(fake.layers).toEqual(['points', 'arrows']);
    // nothing was left to remove: only what still existed is removed
    expect(fake.calls).toEqual([]);
    expect(view.result.current).not.toBe(first);
    expect(view.result.current?.map).toBe(fake);
  });

  it('waits for a style still loading', () => {
    const fake = new FakeMap();
    fake.style = { _loaded: false };
    drawOn(fake);
    expect(fake.layers).toEqual([]);
    fake.style._loaded = true;
    act(() => fake.fire('style.load'));
    expect(fake.layers).toEqual(['points', 'arrows']);
  });

  it('replaces the drawing when the drawing changes', () => {
    const fake = new FakeMap();
    const view = drawOn(fake);
    const other: Draw = ({ source }) => source('other', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    view.rerender({ map: fake, what: other });
    expect(fake.sources).toEqual(['other']);
    expect(fake.layers).toEqual([]);
  });

  it('leaves nothing half drawn when drawing fails', () => {
    const fake = new FakeMap();
    const failing: Draw = ({ source }) => {
      source('half', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      throw new Error('bad layer');
    };
    expect(() => drawOn(fake, failing)).toThrow('bad layer');
    expect(fake.sources).toEqual([]);
  });
});
