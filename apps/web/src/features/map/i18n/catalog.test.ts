import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_OPTIONS } from '../../../app/mapOptions.ts';
import { OVERLAY_MODES } from '../../../app/mapOverlay.ts';
import { OFFLINE_LAYER } from '../tiles.ts';
import enUS from './en-US.json';
import es from './es.json';
import ptBR from './pt-BR.json';

type Tree = { [key: string]: string | Tree };

function text(catalog: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = catalog;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

describe('map texts', () => {
  const keys = [
    ...Object.keys(DEFAULT_MAP_OPTIONS).filter((key) => key !== 'baseLayer').map((key) => `map.options.${key}`),
    ...[OFFLINE_LAYER, 'custom', 'osm', 'mapTilerStreets', 'mapTilerSatellite', 'mapboxStreets', 'mapboxSatellite'].map((id) => `map.layers.${id}`),
    ...OVERLAY_MODES.map((mode) => `map.overlay.${mode}`),
  ];

  it('name every key built at run time, in the three languages', () => {
    for (const catalog of [ptBR, enUS, es]) expect(keys.filter((key) => !text(catalog, key))).toEqual([]);
  });

  it('keep the spec text of §8 routeempty', () => {
    expect(text(ptBR, 'map.overlay.routeEmpty')).toBe('Nenhuma rota para o período selecionado');
  });
});
