// @vitest-environment jsdom
import { useState } from 'react';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { setupComponentTests } from '../testing/app.tsx';
import { makeUser } from '../testing/fixtures.ts';
import { DateTimeField } from './DateTimeField.tsx';

const app = setupComponentTests();
const user = (twelveHourFormat: boolean) => makeUser({ id: 1, attributes: { twelveHourFormat } });

/** The field as a form keeps it, with the value it holds written beside it. */
function Held({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateTimeField label="Start" value={value} onChange={setValue} />
      <output data-testid="held">{value}</output>
    </>
  );
}

const input = () => screen.getByLabelText<HTMLInputElement>('Start');
const held = () => screen.getByTestId('held').textContent;

describe('DateTimeField', () => {
  it('shows the time on the user\'s 12-hour clock', async () => {
    await app.render(<Held initial="2026-03-01T14:05" />, { user: user(true) });
    expect(input().value).toBe('03/01/2026 02:05 PM');
  });

  it('shows the time on a 24-hour clock when the user has it', async () => {
    await app.render(<Held initial="2026-03-01T14:05" />, { user: user(false) });
    expect(input().value).toBe('03/01/2026 14:05');
  });

  it('writes the date in the app\'s language', async () => {
    await i18next.changeLanguage('pt-BR');
    await app.render(<Held initial="2026-03-01T09:30" />, { user: user(false) });
    expect(input().value).toBe('01/03/2026 09:30');
  });

  it('hands back a typed time as YYYY-MM-DDTHH:mm, and nothing for a cleared field', async () => {
    const view = await app.render(<Held initial="" />, { user: user(true) });
    await view.fill(input(), '05/02/2024 06:30 PM');
    expect(held()).toBe('2024-05-02T18:30');
    await view.user.clear(input());
    expect(held()).toBe('');
  });
});
