import { describe, expect, it } from 'vitest';
import { ALARMS, DEVICE_CATEGORIES } from '@rastro/api';
import { SORT_KEYS } from '../deviceSort.ts';
import { PERIODS } from '../details/periods.ts';
import { ATTRIBUTE_FIELDS, COLUMN_FIELDS } from '../editor/deviceForm.ts';
import { catalogText, missingKeys } from '../../../testing/catalogs.ts';
import enUS from './en-US.json';
import es from './es.json';
import ptBR from './pt-BR.json';

describe('device texts', () => {
  const keys = [
    ...DEVICE_CATEGORIES.map((category) => `categories.${category}`),
    ...ALARMS.map((kind) => `alarms.${kind}`),
    ...SORT_KEYS.map((key) => `devices.sort.${key}`),
    ...PERIODS.map((period) => `devices.periods.${period}`),
    ...[...COLUMN_FIELDS, 'groupId', ...ATTRIBUTE_FIELDS.map(({ field }) => field)].map((field) => `devices.editor.fields.${field}`),
    ...['odometer', 'fuel', 'battery', 'power', 'ignition', 'locked', 'driver', 'alarms'].map((key) => `devices.readings.${key}`),
    ...['kmh', 'mph', 'kn'].map((unit) => `devices.units.${unit}`),
    ...['speed', 'altitude'].map((series) => `devices.chart.${series}`),
  ];

  it('name every key built at run time, in the three languages', () => {
    expect(missingKeys(keys, [ptBR, enUS, es])).toEqual([]);
  });

  it('keep the spec texts of §5 and §8', () => {
    expect(catalogText(ptBR, 'devices.editor.nameRequired')).toBe('Por favor, insira um nome para o dispositivo');
    expect(catalogText(ptBR, 'errors.USER_DEVICE_LIMIT_REACHED')).toBe('Limite de cadastro de veículos excedido.');
  });
});
