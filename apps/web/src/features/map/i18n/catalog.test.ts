import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_OPTIONS } from '../../../state/mapOptions.ts';
import { OVERLAY_MODES } from '../../../state/mapOverlay.ts';
import { MAP_UI_STRINGS, mapUiKey } from '../mapLocale.ts';
import { OFFLINE_LAYER } from '../tiles.ts';
import { catalogText, missingKeys } from '../../../testing/catalogs.ts';
import enUS from './en-US.json';
import es from './es.json';
import ptBR from './pt-BR.json';

describe('map texts', () => {
  const keys = [
    ...Object.keys(DEFAULT_MAP_OPTIONS).filter((key) => key !== 'baseLayer').map((key) => `map.options.${key}`),
    ...[OFFLINE_LAYER, 'basemap', 'retry'].map((id) => `map.fallback.${id}`),
    ...OVERLAY_MODES.map((mode) => `map.overlay.${mode}`),
    ...MAP_UI_STRINGS.map(mapUiKey),
  ];

  it('name every key built at run time, in the three languages', () => {
    expect(missingKeys(keys, [ptBR, enUS, es])).toEqual([]);
  });

  it('translate MapLibre\'s own control titles', () => {
    expect(catalogText(ptBR, mapUiKey('NavigationControl.ZoomIn'))).toBe('Aproximar');
    expect(catalogText(es, mapUiKey('NavigationControl.ZoomOut'))).toBe('Alejar');
  });

  it('keep the spec text of §8 routeempty', () => {
    expect(catalogText(ptBR, 'map.overlay.routeEmpty')).toBe('Nenhuma rota para o período selecionado');
  });
});
