import { MAP_LAYERS } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import enUS from '../i18n/en-US.json';
import es from '../i18n/es.json';
import ptBR from '../i18n/pt-BR.json';
import { missingKeys } from '../testing/catalogs.ts';
import { mapLayerOptions } from './mapLayerOptions.ts';

describe('mapLayerOptions', () => {
  it('offers every layer the map draws, named in the three languages', () => {
    expect(mapLayerOptions((key) => `<${key}>`)).toEqual(MAP_LAYERS.map((id) => ({ value: id, label: `<mapLayers.${id}>` })));
    expect(missingKeys(MAP_LAYERS.map((id) => `mapLayers.${id}`), [ptBR, enUS, es])).toEqual([]);
  });
});
