import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_OPTIONS } from '../../../state/mapOptions.ts';
import { OVERLAY_MODES } from '../../../state/mapOverlay.ts';
import { OFFLINE_LAYER } from '../tiles.ts';
import { catalogText, missingKeys } from '../../../testing/catalogs.ts';
import enUS from './en-US.json';
import es from './es.json';
import ptBR from './pt-BR.json';

describe('map texts', () => {
  const keys = [
    ...Object.keys(DEFAULT_MAP_OPTIONS).filter((key) => key !== 'baseLayer').map((key) => `map.options.${key}`),
    ...[OFFLINE_LAYER, 'custom', 'osm', 'mapTilerStreets', 'mapTilerSatellite', 'mapboxStreets', 'mapboxSatellite'].map((id) => `map.layers.${id}`),
    ...OVERLAY_MODES.map((mode) => `map.overlay.${mode}`),
  ];

  it('name every key built at run time, in the three languages', () => {
    expect(missingKeys(keys, [ptBR, enUS, es])).toEqual([]);
  });

  it('keep the spec text of §8 routeempty', () => {
    expect(catalogText(ptBR, 'map.overlay.routeEmpty')).toBe('Nenhuma rota para o período selecionado');
  });
});
