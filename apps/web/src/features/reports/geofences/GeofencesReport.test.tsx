// @vitest-environment jsdom
import type { ReportGeofence } from '@rastro/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Geofence } from '../../../api/geofences.ts';
import { setupComponentTests } from '../../../testing/app.tsx';
import { makeDevice, makeUser } from '../../../testing/fixtures.ts';
import { openListbox } from '../../../testing/queries.ts';
import GeofencesReport from './GeofencesReport.tsx';

const app = setupComponentTests();

const user = makeUser({ id: 1, attributes: { timezone: 'America/Sao_Paulo' } });
const devices = [makeDevice({ id: 1, name: 'Alpha' }), makeDevice({ id: 2, name: 'Bravo' })];
const geofences: Geofence[] = [
  { id: 10, name: 'Depot', description: null, area: 'CIRCLE (-23.56 -46.65, 150)', calendarId: null, attributes: {} },
  { id: 11, name: 'Client', description: null, area: 'POLYGON ((-23.54 -46.64, -23.54 -46.63, -23.53 -46.63, -23.54 -46.64))', calendarId: null, attributes: {} },
];
const stay = (geofenceId: number, start: string, minutes: number): ReportGeofence => ({
  deviceId: 1, deviceName: 'Alpha', geofenceId,
  distance: 0, averageSpeed: 0, maxSpeed: 0, spentFuel: 0, startOdometer: 0, endOdometer: 0,
  startTime: start, endTime: new Date(Date.parse(start) + minutes * 60_000).toISOString(), duration: minutes * 60_000,
});

async function renderReport(path: string) {
  app.api.json('GET', '/api/devices', devices).json('GET', '/api/geofences', geofences);
  const view = await app.render(<GeofencesReport />, { path, route: '/reports/geofences', user });
  await waitFor(() => expect(view.client.getQueryData(['devices'])).toBeDefined());
  return view;
}

const form = () => screen.getByRole('form', { name: 'Report filters' });
const rowTexts = () => screen.getAllByTestId('report-row').map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

describe('geofence report', () => {
  it('lists each stay with its geofence and how long it lasted; none chosen asks for every geofence', async () => {
    app.api.json('GET', '/api/reports/geofences', [stay(10, '2024-05-01T11:00:00Z', 11), stay(11, '2024-05-01T12:00:00Z', 95)]);
    await renderReport('/reports/geofences?deviceId=1&period=yesterday');

    await waitFor(() => expect(app.api.received('GET', '/api/reports/geofences')).toHaveLength(1));
    const { query } = app.api.received('GET', '/api/reports/geofences')[0];
    expect(query.getAll('deviceId')).toEqual(['1']);
    expect(query.getAll('geofenceId')).toEqual(['10', '11']);
    await screen.findByTestId('report-table');
    expect(within(screen.getByTestId('report-table')).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Device', 'Geofence', 'Start', 'End', 'Duration',
    ]);
    expect(rowTexts().map((cells) => [cells[0], cells[1], cells[4]])).toEqual([['Alpha', 'Depot', '0:11'], ['Alpha', 'Client', '1:35']]);
    // a spreadsheet is offered, as for the other table reports
    expect(screen.getByTestId('report-export')).toBeTruthy();
  });

  it('asks for the geofences chosen in the filter and keeps them in the address', async () => {
    app.api.json('GET', '/api/reports/geofences', []);
    const view = await renderReport('/reports/geofences');
    await view.user.click(within(form()).getByRole('combobox', { name: 'Devices' }));
    await view.user.click(within(await openListbox()).getByRole('option', { name: 'Bravo' }));
    await view.user.keyboard('{Escape}');
    const field = within(form()).getByRole('combobox', { name: 'Geofences' });
    expect(field.getAttribute('placeholder')).toBe('All');
    await view.user.click(field);
    await view.user.click(within(await openListbox()).getByRole('option', { name: 'Client' }));
    await view.user.keyboard('{Escape}');
    await view.user.click(within(form()).getByRole('button', { name: 'Show' }));

    await waitFor(() => expect(app.api.received('GET', '/api/reports/geofences')).toHaveLength(1));
    expect(app.api.received('GET', '/api/reports/geofences')[0].query.getAll('geofenceId')).toEqual(['11']);
    expect(view.location().search).toBe('?deviceId=2&period=today&geofenceId=11');
    expect(await screen.findByText('No data available')).toBeTruthy();
  });

  it('exports the stays as a spreadsheet, and the export can be cancelled while the server works', async () => {
    app.api.json('GET', '/api/reports/geofences', [stay(10, '2024-05-01T11:00:00Z', 11)]);
    const view = await renderReport('/reports/geofences?deviceId=1&period=yesterday');
    await screen.findByTestId('report-table');
    app.api.on('GET', '/api/reports/geofences', (request) =>
      request.headers.accept?.includes('spreadsheetml') ? { delayMs: 10_000, text: 'late' } : { json: [] });

    await view.user.click(screen.getByRole('button', { name: 'Export spreadsheet' }));
    await waitFor(() => expect(app.api.received('GET', '/api/reports/geofences').filter((r) => r.headers.accept?.includes('spreadsheetml'))).toHaveLength(1));
    await view.user.click(screen.getByRole('button', { name: 'Cancel the export' }));
    expect(await screen.findByRole('button', { name: 'Export spreadsheet' })).toBeTruthy();
    // a cancelled export is no failure
    expect(screen.queryByText(/Could not export/)).toBeNull();
  });
});
