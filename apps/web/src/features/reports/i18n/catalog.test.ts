import { SCHEDULED_REPORT_PERIODS, SCHEDULED_REPORT_TYPES } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import { PERIOD_PRESETS } from '../filters/period.ts';
import { REPORT_PAGES } from '../reportPages.ts';
import { catalogText, missingKeys } from '../../../testing/catalogs.ts';
import enUS from './en-US.json';
import es from './es.json';
import ptBR from './pt-BR.json';

describe('report texts', () => {
  const keys = [
    ...PERIOD_PRESETS.map((preset) => `reports.period.${preset}`),
    ...REPORT_PAGES.flatMap((page) => [`reports.pages.${page.id}.title`, `reports.pages.${page.id}.description`]),
    ...['first', 'previous', 'next', 'last'].map((type) => `reports.table.${type}Page`),
    // a scheduled report's type is named by its page's title, its period by the filter's preset
    ...SCHEDULED_REPORT_TYPES.map((type) => `reports.pages.${type}.title`),
    ...SCHEDULED_REPORT_PERIODS.filter((period) => period !== 'calendar').map((period) => `reports.period.${period}`),
    'reports.filter.from',
    'reports.filter.to',
  ];

  it('name every key built at run time, in the three languages', () => {
    expect(missingKeys(keys, [ptBR, enUS, es])).toEqual([]);
  });

  it('keep the spec texts (§8 routeempty, empty states)', () => {
    expect(catalogText(ptBR, 'reports.status.routeEmpty')).toBe('Nenhuma rota para o período selecionado');
    expect(catalogText(enUS, 'reports.status.noData')).toBe('No data available');
    expect(catalogText(ptBR, 'reports.title')).toBe('Relatórios');
  });
});
