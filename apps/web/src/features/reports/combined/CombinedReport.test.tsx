// @vitest-environment jsdom
import type { Event, ReportCombined } from '@rastro/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupComponentTests } from '../../../testing/app.tsx';
import { makeDevice, makePosition, makeUser } from '../../../testing/fixtures.ts';
import CombinedReport from './CombinedReport.tsx';

const app = setupComponentTests();

const user = makeUser({ id: 1, attributes: { timezone: 'UTC' } });
const devices = [makeDevice({ id: 1, name: 'Alpha' }), makeDevice({ id: 2, name: 'Bravo' })];
const event = (id: number, deviceId: number, type: string, time: string, attributes = {}): Event => ({
  id, type, eventTime: time, deviceId, positionId: id * 10, geofenceId: 0, maintenanceId: 0, attributes,
});
const items: ReportCombined[] = [
  {
    deviceId: 1,
    route: [[-46.65, -23.56], [-46.64, -23.55]],
    events: [event(1, 1, 'geofenceEnter', '2024-05-01T10:00:00Z'), event(3, 1, 'alarm', '2024-05-01T12:00:00Z', { alarm: 'sos' })],
    positions: [makePosition({ deviceId: 1, id: 10 }), makePosition({ deviceId: 1, id: 30 })],
  },
  {
    deviceId: 2,
    route: [[-46.7, -23.6], [-46.71, -23.61]],
    events: [event(2, 2, 'ignitionOn', '2024-05-01T11:00:00Z')],
    positions: [makePosition({ deviceId: 2, id: 20 })],
  },
];

async function renderReport(path: string) {
  app.api.json('GET', '/api/devices', devices);
  const view = await app.render(<CombinedReport />, { path, route: '/reports/combined', user });
  await waitFor(() => expect(view.client.getQueryData(['devices'])).toBeDefined());
  return view;
}

const rowTexts = () => screen.getAllByTestId('report-row').map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

describe('combined report', () => {
  it("lists every device's events together, oldest first, and offers no spreadsheet (Traccar has none)", async () => {
    app.api.json('GET', '/api/reports/combined', items);
    await renderReport('/reports/combined?deviceId=1&deviceId=2&period=yesterday');

    await waitFor(() => expect(app.api.received('GET', '/api/reports/combined')).toHaveLength(1));
    expect(app.api.received('GET', '/api/reports/combined')[0].query.getAll('deviceId')).toEqual(['1', '2']);
    await screen.findByTestId('report-table');
    expect(within(screen.getByTestId('report-table')).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Time', 'Device', 'Type', 'Details']);
    expect(rowTexts().map((cells) => [cells[1], cells[2]])).toEqual([['Alpha', 'Entered geofence'], ['Bravo', 'Ignition on'], ['Alpha', 'Alarm']]);
    expect(rowTexts()[2][3]).toContain('SOS');
    expect(screen.queryByTestId('report-export')).toBeNull();
  });

  it('picks out the event chosen', async () => {
    app.api.json('GET', '/api/reports/combined', items);
    const view = await renderReport('/reports/combined?deviceId=1&period=yesterday');
    await screen.findByTestId('report-table');
    const [, second] = screen.getAllByTestId('report-row');
    await view.user.click(second);
    expect(second.classList.contains('Mui-selected')).toBe(true);
  });

  it('says when the period had routes but no events', async () => {
    app.api.json('GET', '/api/reports/combined', [{ ...items[0], events: [], positions: [] }]);
    await renderReport('/reports/combined?deviceId=1&period=yesterday');
    expect((await screen.findByTestId('combined-no-events')).textContent).toBe('No events in the period: the routes are on the map.');
  });
});
