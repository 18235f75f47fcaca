import { describe, expect, it } from 'vitest';
import { DailyBudget } from './budget.ts';

const DAY = 86_400_000;

describe('daily request budget', () => {
  it('allows the limit per UTC day, says so once when spent, and starts again the next day', () => {
    let now = Date.UTC(2024, 4, 1, 23, 0);
    const exhausted: number[] = [];
    const budget = new DailyBudget(2, (limit) => exhausted.push(limit), () => now);
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, false, false]);
    expect(exhausted).toEqual([2]);
    now += 2 * 3_600_000; // 01:00 the next day
    expect([budget.take(), budget.take(), budget.take()]).toEqual([true, true, false]);
    expect(exhausted).toEqual([2, 2]);
    now += DAY;
    expect(budget.take()).toBe(true);
  });

  it('0 is no limit', () => {
    const budget = new DailyBudget(0, () => expect.unreachable());
    for (let i = 0; i < 1000; i++) expect(budget.take()).toBe(true);
  });
});
