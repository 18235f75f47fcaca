// @vitest-environment jsdom
import type { ScheduledReport } from '@rastro/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Calendar } from '../../../api/entities.ts';
import { setupComponentTests } from '../../../testing/app.tsx';
import { makeDevice, makeUser } from '../../../testing/fixtures.ts';
import { choose, entityRow, entityRows, selectField, textField } from '../../../testing/queries.ts';
import ScheduledReportsPage from './ScheduledReportsPage.tsx';

const app = setupComponentTests();

const user = makeUser({ id: 1, email: 'gestora@frota.example', attributes: { timezone: 'UTC' } });
const devices = [makeDevice({ id: 1, name: 'Alpha' }), makeDevice({ id: 2, name: 'Bravo' })];
const calendars: Calendar[] = [
  { id: 5, name: 'Every day', data: '', attributes: {} },
  { id: 6, name: 'Mondays', data: '', attributes: {} },
];
const existing: ScheduledReport = {
  id: 3, type: 'summary', description: 'Fleet day', calendarId: 5, attributes: { daily: true },
  lastRun: '2024-05-01T00:00:00.000+00:00', nextRun: '2024-05-02T00:00:00.000+00:00', deviceIds: [1, 2], groupIds: [],
};

async function renderPage(path = '/reports/scheduled', reports: ScheduledReport[] = [existing], calendarList = calendars) {
  app.api.json('GET', '/api/devices', devices).json('GET', '/api/calendars', calendarList).json('GET', '/api/reports', reports);
  const view = await app.render(<ScheduledReportsPage />, { path, route: '/reports/scheduled', user });
  await waitFor(() => expect(entityRows()).toHaveLength(reports.length));
  await waitFor(() => expect(view.client.getQueryData(['calendars'])).toBeDefined());
  return view;
}

const dialog = () => screen.getByTestId('scheduled-report-dialog');
const save = () => within(dialog()).getByRole('button', { name: 'Save' });

describe('scheduled reports', () => {
  it('lists each report with its type, calendar, period and next run', async () => {
    await renderPage();
    const row = entityRow('Fleet day');
    await waitFor(() => expect(row.querySelector('.MuiListItemText-secondary')?.textContent).toContain('Every day'));
    expect(row.querySelector('.MuiListItemText-secondary')?.textContent).toBe(
      "Summary · Every day · The calendar's event that ended · next 5/2/24, 00:00:00",
    );
  });

  it('makes a report for the devices the reports were looking at, on a calendar and period, and links them', async () => {
    app.api.on('POST', '/api/reports', (request) => ({ json: { ...request.json<ScheduledReport>(), id: 9 } }));
    app.api.on('POST', '/api/permissions', { status: 204 });
    const view = await renderPage('/reports/scheduled?deviceId=2&period=last7', []);
    await view.user.click(screen.getByRole('button', { name: 'Add' }));
    // prefilled from the reports' filter
    expect(await within(dialog()).findByRole('button', { name: 'Bravo' })).toBeTruthy();
    expect(within(dialog()).getByText(/It is mailed to gestora@frota.example/)).toBeTruthy();

    await choose(view, selectField(dialog(), 'Report'), 'Trips');
    await view.fill(textField(dialog(), 'Description'), 'Weekly trips');
    await choose(view, selectField(dialog(), 'Calendar'), 'Mondays');
    await choose(view, selectField(dialog(), 'Period'), 'Last 7 days');
    await view.user.click(save());

    await waitFor(() => expect(app.api.received('POST', '/api/permissions')).toHaveLength(1));
    expect(app.api.received('POST', '/api/reports')[0].json()).toMatchObject({
      type: 'trips', description: 'Weekly trips', calendarId: 6, attributes: { period: 'last7' },
    });
    expect(app.api.received('POST', '/api/permissions')[0].json()).toEqual({ deviceId: 2, reportId: 9 });
    await waitFor(() => expect(screen.queryByTestId('scheduled-report-dialog')).toBeNull());
  });

  it('needs a calendar', async () => {
    const view = await renderPage('/reports/scheduled', [], []);
    await view.user.click(screen.getByRole('button', { name: 'Add' }));
    expect(within(dialog()).getByText('No calendars yet: create one under Calendars first.')).toBeTruthy();
    await view.user.click(save());
    expect(await within(dialog()).findByText('Choose the calendar the report runs on.')).toBeTruthy();
    expect(app.api.received('POST', '/api/reports')).toHaveLength(0);
  });

  it('edits a report and unlinks the device taken out of it', async () => {
    app.api.on('PUT', '/api/reports/3', (request) => ({ json: request.json() }));
    app.api.on('DELETE', '/api/permissions', { status: 204 });
    const view = await renderPage();
    await view.user.click(entityRow('Fleet day'));
    expect(within(dialog()).getByLabelText<HTMLInputElement>('Per day').checked).toBe(true);
    const chip = await within(dialog()).findByRole('button', { name: 'Bravo' });
    await view.user.click(within(chip).getByTestId('CancelIcon'));
    await choose(view, selectField(dialog(), 'Period'), 'Yesterday');
    await view.user.click(save());

    await waitFor(() => expect(app.api.received('DELETE', '/api/permissions')).toHaveLength(1));
    expect(app.api.received('PUT', '/api/reports/3')[0].json()).toMatchObject({ id: 3, type: 'summary', calendarId: 5, attributes: { daily: true, period: 'yesterday' } });
    expect(app.api.received('DELETE', '/api/permissions')[0].json()).toEqual({ deviceId: 2, reportId: 3 });
    expect(app.api.received('POST', '/api/permissions')).toHaveLength(0);
  });
});
