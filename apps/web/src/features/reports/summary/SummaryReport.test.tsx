// @vitest-environment jsdom
import type { ReportSummary } from '@rastro/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupComponentTests } from '../../../testing/app.tsx';
import { makeDevice, makeGroup, makeUser } from '../../../testing/fixtures.ts';
import { choose, openListbox, selectField, toggle } from '../../../testing/queries.ts';
import SummaryReport from './SummaryReport.tsx';

const app = setupComponentTests();

/** Report days are days of the user's zone: São Paulo, UTC−3 all year since 2019. */
const user = makeUser({ id: 1, attributes: { timezone: 'America/Sao_Paulo' } });
const devices = [
  makeDevice({ id: 1, name: 'Alpha' }),
  makeDevice({ id: 2, name: 'Bravo' }),
  makeDevice({ id: 3, name: 'Charlie' }),
  makeDevice({ id: 9, name: 'Gone', uniqueId: 'deleted-9-1700000000' }),
];
const groups = [makeGroup({ id: 10, name: 'North fleet' }), makeGroup({ id: 11, name: 'South fleet' })];

const row: ReportSummary = {
  deviceId: 1,
  deviceName: 'Alpha',
  distance: 12_345,
  averageSpeed: 20,
  maxSpeed: 54,
  spentFuel: 3.5,
  startOdometer: 1_000_000,
  endOdometer: 1_012_345,
  startTime: '2024-05-01T11:00:00.000Z',
  endTime: '2024-05-01T20:00:00.000Z',
  startHours: 0,
  endHours: 3_600_000,
  engineHours: 3_600_000,
};

async function renderReport(path = '/reports/resume') {
  app.api.json('GET', '/api/devices', devices).json('GET', '/api/groups', groups);
  const view = await app.render(<SummaryReport />, { path, route: '/reports/resume', user });
  await waitFor(() => expect(view.client.getQueryData(['devices'])).toBeDefined());
  await waitFor(() => expect(view.client.getQueryData(['groups'])).toBeDefined());
  return view;
}

const form = () => screen.getByRole('form', { name: 'Report filters' });
const showButton = () => within(form()).getByRole<HTMLButtonElement>('button', { name: 'Show' });

/** The calendar date in São Paulo `days` from today, as YYYY-MM-DD. */
function saoPauloDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(Date.now());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function pick(view: Awaited<ReturnType<typeof renderReport>>, label: string, names: string[]) {
  const input = within(form()).getByRole('combobox', { name: label });
  await view.user.click(input);
  const listbox = await openListbox();
  for (const name of names) await view.user.click(within(listbox).getByRole('option', { name }));
  await view.user.keyboard('{Escape}');
}

describe('report filters', () => {
  it('opens on the filter with a hint, and Show waits for a device or a group', async () => {
    await renderReport();
    expect(screen.getByTestId('report-hint').textContent).toBe('Choose devices or groups and the period, then press Show.');
    expect(selectField(form(), 'Period').textContent).toBe('Today');
    expect(showButton().disabled).toBe(true);
    expect(app.api.received('GET', '/api/reports/summary')).toHaveLength(0);
  });

  it('offers the fleet by name without deleted devices, and the groups', async () => {
    const view = await renderReport();
    await view.user.click(within(form()).getByRole('combobox', { name: 'Devices' }));
    expect(within(await openListbox()).getAllByRole('option').map((option) => option.textContent)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    await view.user.keyboard('{Escape}');

    await view.user.click(within(form()).getByRole('combobox', { name: 'Groups' }));
    expect(within(await openListbox()).getAllByRole('option').map((option) => option.textContent)).toEqual(['North fleet', 'South fleet']);
  });

  it('runs for the chosen devices, group and preset period, and writes the filter to the address', async () => {
    app.api.json('GET', '/api/reports/summary', [row]);
    const view = await renderReport();

    await pick(view, 'Devices', ['Alpha', 'Charlie']);
    await pick(view, 'Groups', ['South fleet']);
    await choose(view, selectField(form(), 'Period'), 'Yesterday');
    await view.user.click(toggle(form(), 'Per day'));
    await view.user.click(showButton());

    // StrictMode mounts the page twice: a loaded machine may see the first, cancelled request
    // reach the server too, so "at once" is: asked, and every time with the link's filter
    await waitFor(() => expect(app.api.received('GET', '/api/reports/summary').length).toBeGreaterThan(0));
    const asked = new Set(app.api.received('GET', '/api/reports/summary').map((request) => request.query.toString()));
    expect(asked.size).toBe(1);
    const { query } = app.api.received('GET', '/api/reports/summary')[0];
    expect(query.getAll('deviceId')).toEqual(['1', '3']);
    expect(query.getAll('groupId')).toEqual(['11']);
    expect(query.get('daily')).toBe('true');
    // yesterday, midnight to midnight in São Paulo
    expect(query.get('from')).toBe(`${saoPauloDate(-1)}T03:00:00.000Z`);
    expect(query.get('to')).toBe(`${saoPauloDate(0)}T02:59:59.999Z`);
    expect(view.location().search).toBe('?deviceId=1&deviceId=3&groupId=11&period=yesterday&daily=true');

    // the rows, in the user's units
    const table = await screen.findByRole('table');
    expect(within(table).getByText('12.35 km')).toBeTruthy();
    // the filter folds into a line: period and names
    expect(within(screen.getByTestId('report-filter-summary')).getAllByText(/./).map((chip) => chip.textContent)).toEqual([
      'Yesterday', 'Alpha', 'Charlie', '+1',
    ]);
  });

  it('a custom period starts from the preset it replaces and refuses an end before its start', async () => {
    app.api.json('GET', '/api/reports/summary', []);
    const view = await renderReport();
    await pick(view, 'Devices', ['Bravo']);
    await choose(view, selectField(form(), 'Period'), 'Custom');

    const from = within(form()).getByLabelText<HTMLInputElement>('From');
    const to = within(form()).getByLabelText<HTMLInputElement>('To');
    // today's bounds, as the preset had them, on the user's (24-hour) clock
    const usDate = (isoDate: string) => isoDate.replace(/^(\d+)-(\d+)-(\d+)$/, '$2/$3/$1');
    expect(from.value).toBe(`${usDate(saoPauloDate(0))} 00:00`);
    expect(to.value).toBe(`${usDate(saoPauloDate(0))} 23:59`);

    await view.fill(from, '05/02/2024 08:00');
    await view.fill(to, '05/01/2024 18:00');
    expect(within(form()).getByText('The end must be after the start')).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(showButton().disabled).toBe(true);

    await view.fill(to, '05/02/2024 18:30');
    expect(within(form()).queryByText('The end must be after the start')).toBeNull();
    await view.user.click(showButton());

    // StrictMode mounts the page twice: a loaded machine may see the first, cancelled request
    // reach the server too, so "at once" is: asked, and every time with the link's filter
    await waitFor(() => expect(app.api.received('GET', '/api/reports/summary').length).toBeGreaterThan(0));
    const asked = new Set(app.api.received('GET', '/api/reports/summary').map((request) => request.query.toString()));
    expect(asked.size).toBe(1);
    const { query } = app.api.received('GET', '/api/reports/summary')[0];
    // wall-clock times of São Paulo, sent as instants
    expect([query.get('from'), query.get('to'), query.get('daily')]).toEqual(['2024-05-02T11:00:00.000Z', '2024-05-02T21:30:00.000Z', 'false']);
    expect(await screen.findByText('No data available')).toBeTruthy();
  });

  it('a linked filter runs at once, and Change reopens the form with its values', async () => {
    app.api.json('GET', '/api/reports/summary', [row]);
    const view = await renderReport('/reports/resume?deviceId=2&period=last7');

    // StrictMode mounts the page twice: a loaded machine may see the first, cancelled request
    // reach the server too, so "at once" is: asked, and every time with the link's filter
    await waitFor(() => expect(app.api.received('GET', '/api/reports/summary').length).toBeGreaterThan(0));
    const asked = new Set(app.api.received('GET', '/api/reports/summary').map((request) => request.query.toString()));
    expect(asked.size).toBe(1);
    const { query } = app.api.received('GET', '/api/reports/summary')[0];
    expect(query.getAll('deviceId')).toEqual(['2']);
    expect(query.get('from')).toBe(`${saoPauloDate(-6)}T03:00:00.000Z`);
    expect(screen.queryByRole('form', { name: 'Report filters' })).toBeNull();

    await view.user.click(screen.getByRole('button', { name: 'Change' }));
    expect(selectField(form(), 'Period').textContent).toBe('Last 7 days');
    expect(within(form()).getByRole('button', { name: 'Bravo' })).toBeTruthy();
  });

  it("shows the server's refusal of a long period in the user's words", async () => {
    app.api.on('GET', '/api/reports/summary', { status: 400, text: 'Time period exceeds the limit' });
    await renderReport('/reports/resume?deviceId=1&period=last90');

    expect((await screen.findByTestId('report-error')).textContent).toContain(
      'The period is longer than reports allow. Choose a shorter period.',
    );
  });
});
