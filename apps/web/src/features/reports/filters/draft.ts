import type { Period, PeriodPreset } from './period.ts';
import type { ReportFilter } from './reportFilter.ts';

/** A custom period being typed may lack an end or be reversed; a preset is always whole. */
export type DraftPeriod = { preset: PeriodPreset } | { from: number | null; to: number | null };

export type Draft = Omit<ReportFilter, 'period'> & { period: DraftPeriod };

export function completePeriod(period: DraftPeriod): Period | null {
  if ('preset' in period) return period;
  const { from, to } = period;
  return from !== null && to !== null && from < to ? { from, to } : null;
}

export function filterOf(draft: Draft): ReportFilter | null {
  const period = completePeriod(draft.period);
  return period && { ...draft, period };
}
