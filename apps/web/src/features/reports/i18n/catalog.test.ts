import { describe, expect, it } from 'vitest';
import { ALARM_KINDS } from '../events/eventKinds.ts';
import { PERIOD_PRESETS } from '../filters/period.ts';
import { REPORT_PAGES } from '../reportPages.ts';
import enUS from './en-US.json';
import es from './es.json';
import ptBR from './pt-BR.json';

type Tree = { [key: string]: string | Tree };

function text(catalog: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = catalog;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

describe('report texts', () => {
  const keys = [
    ...PERIOD_PRESETS.map((preset) => `reports.period.${preset}`),
    ...ALARM_KINDS.map((kind) => `reports.alarm.${kind}`),
    ...REPORT_PAGES.flatMap((page) => [`reports.pages.${page.id}.title`, `reports.pages.${page.id}.description`]),
    ...['first', 'previous', 'next', 'last'].map((type) => `reports.table.${type}Page`),
    'reports.filter.from',
    'reports.filter.to',
  ];

  it('name every key built at run time, in the three languages', () => {
    for (const catalog of [ptBR, enUS, es]) expect(keys.filter((key) => !text(catalog, key))).toEqual([]);
  });

  it('keep the spec texts (§8 routeempty, empty states)', () => {
    expect(text(ptBR, 'reports.status.routeEmpty')).toBe('Nenhuma rota para o período selecionado');
    expect(text(enUS, 'reports.status.noData')).toBe('No data available');
    expect(text(ptBR, 'reports.title')).toBe('Relatórios');
  });
});
