// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupComponentTests } from '../../testing/app.tsx';
import { makeUser } from '../../testing/fixtures.ts';
import LogsPage from './LogsPage.tsx';

const app = setupComponentTests();

const entries = [
  { time: '2026-11-25T18:00:02.000Z', level: 'error', message: 'mail server: connection refused' },
  { time: '2026-11-25T18:00:01.000Z', level: 'warn', message: 'geolocation: the daily limit is reached' },
];

describe('server log', () => {
  it('lists the server\'s recent entries from the chosen level up, and reads them again on demand', async () => {
    app.api.on('GET', '/api/server/logs', (request) => ({ json: request.query.get('level') === 'error' ? entries.slice(0, 1) : entries }));
    const view = await app.render(<LogsPage />, { path: '/logs?server', user: makeUser({ id: 1, administrator: true }) });
    const list = await screen.findByTestId('server-logs-list');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(list.textContent).toContain('mail server: connection refused');
    expect(list.textContent).toContain('WARN');
    const asked = () => app.api.requests.filter((r) => r.path === '/api/server/logs');
    expect(asked().at(-1)?.query.get('level')).toBe('info');

    await view.user.click(screen.getByLabelText('Level'));
    await view.user.click(await screen.findByRole('option', { name: 'ERROR' }));
    await waitFor(() => expect(within(screen.getByTestId('server-logs-list')).getAllByRole('listitem')).toHaveLength(1));
    expect(asked().at(-1)?.query.get('level')).toBe('error');

    const before = asked().length;
    await view.user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(asked().length).toBe(before + 1));
  });

  it('says so when there is nothing', async () => {
    app.api.json('GET', '/api/server/logs', []);
    await app.render(<LogsPage />, { path: '/logs?server', user: makeUser({ id: 1, administrator: true }) });
    expect(await screen.findByText('No recent entries at this level')).toBeTruthy();
  });
});
