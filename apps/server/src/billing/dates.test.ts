import { describe, expect, it } from 'vitest';
import { nextDue, toIsoDate, today } from './dates.ts';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const due = (todayIso: string, billingDay: number) => {
  const next = nextDue(day(todayIso), billingDay);
  return [next.period, toIsoDate(next.dueDate)];
};

describe('billing dates', () => {
  it('bills the due day of this month until it passes, then next month', () => {
    expect(due('2025-03-05', 10)).toEqual(['2025-03', '2025-03-10']);
    expect(due('2025-03-10', 10)).toEqual(['2025-03', '2025-03-10']);
    expect(due('2025-03-11', 10)).toEqual(['2025-04', '2025-04-10']);
    expect(due('2025-12-20', 10)).toEqual(['2026-01', '2026-01-10']);
  });

  it('uses the last day of a short month', () => {
    expect(due('2025-02-01', 31)).toEqual(['2025-02', '2025-02-28']);
    expect(due('2024-02-29', 30)).toEqual(['2024-02', '2024-02-29']);
    expect(due('2025-01-31', 31)).toEqual(['2025-01', '2025-01-31']);
    expect(due('2025-04-30', 31)).toEqual(['2025-04', '2025-04-30']);
  });

  it('takes "today" in the billing time zone', () => {
    // 01:30 UTC on the 11th is still the 10th in São Paulo
    expect(toIsoDate(today(Date.parse('2025-03-11T01:30:00Z'), 'America/Sao_Paulo'))).toBe('2025-03-10');
    expect(toIsoDate(today(Date.parse('2025-03-11T03:30:00Z'), 'America/Sao_Paulo'))).toBe('2025-03-11');
  });
});
