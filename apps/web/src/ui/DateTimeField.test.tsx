// @vitest-environment jsdom
import { useState } from 'react';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { setupComponentTests } from '../testing/app.tsx';
import { makeUser } from '../testing/fixtures.ts';
import { DateTimeField } from './DateTimeField.tsx';

const app = setupComponentTests();
const user = (twelveHourFormat: boolean, timezone = 'America/Sao_Paulo') => makeUser({ id: 1, attributes: { twelveHourFormat, timezone } });
/** 14:05 on 1 March 2026 in São Paulo (UTC-3). */
const MARCH_FIRST = Date.parse('2026-03-01T17:05:00.000Z');

/** The field as a form keeps it, with the instant it holds written beside it. */
function Held({ initial }: { initial: number | null }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateTimeField label="Start" value={value} onChange={setValue} />
      <output data-testid="held">{value === null ? '' : new Date(value).toISOString()}</output>
    </>
  );
}

const input = () => screen.getByLabelText<HTMLInputElement>('Start');
const held = () => screen.getByTestId('held').textContent;

describe('DateTimeField', () => {
  it('shows the time on the user\'s 12-hour clock', async () => {
    await app.render(<Held initial={MARCH_FIRST} />, { user: user(true) });
    expect(input().value).toBe('03/01/2026 02:05 PM');
  });

  it('shows the time on a 24-hour clock when the user has it', async () => {
    await app.render(<Held initial={MARCH_FIRST} />, { user: user(false) });
    expect(input().value).toBe('03/01/2026 14:05');
  });

  it('shows and reads the time in the user\'s zone, not the browser\'s', async () => {
    const view = await app.render(<Held initial={MARCH_FIRST} />, { user: user(false, 'Asia/Tokyo') });
    expect(input().value).toBe('03/02/2026 02:05');
    await view.fill(input(), '03/02/2026 09:00');
    expect(held()).toBe('2026-03-02T00:00:00.000Z');
  });

  it('shows a time the browser\'s zone skips (its spring-forward hour) as the user\'s zone has it', async () => {
    const browserZone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      // 02:30 on 8 March 2026 in Tokyo; New York's clocks jump from 02:00 to 03:00 that night
      const view = await app.render(<Held initial={Date.parse('2026-03-07T17:30:00.000Z')} />, { user: user(false, 'Asia/Tokyo') });
      expect(input().value).toBe('03/08/2026 02:30');
      // and a time typed in a browser that has summer time is read in the user's zone all the same
      await view.fill(input(), '03/08/2026 05:45');
      expect(held()).toBe('2026-03-07T20:45:00.000Z');
    } finally {
      if (browserZone === undefined) delete process.env.TZ;
      else process.env.TZ = browserZone;
    }
  });

  it('takes a fixed offset as the user\'s zone', async () => {
    await app.render(<Held initial={MARCH_FIRST} />, { user: user(false, '+05:45') });
    expect(input().value).toBe('03/01/2026 22:50');
  });

  it('writes the date in the app\'s language', async () => {
    await i18next.changeLanguage('pt-BR');
    await app.render(<Held initial={MARCH_FIRST} />, { user: user(false) });
    expect(input().value).toBe('01/03/2026 14:05');
  });

  it('hands back a typed time as the instant it names in the user\'s zone, and nothing for a cleared field', async () => {
    const view = await app.render(<Held initial={null} />, { user: user(true) });
    await view.fill(input(), '05/02/2024 06:30 PM');
    expect(held()).toBe('2024-05-02T21:30:00.000Z');
    await view.user.clear(input());
    expect(held()).toBe('');
  });
});
