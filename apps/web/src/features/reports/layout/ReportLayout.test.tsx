// @vitest-environment jsdom
import type { ComponentType } from 'react';
import type { Event, ReportCombined, ReportGeofence, ReportStop, ReportSummary, ReportTrip } from '@rastro/api';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setupComponentTests } from '../../../testing/app.tsx';
import { makeDevice, makePosition, makeUser } from '../../../testing/fixtures.ts';
import { emulateWidth } from '../../../testing/viewport.ts';
import CombinedReport from '../combined/CombinedReport.tsx';
import EventsReport from '../events/EventsReport.tsx';
import GeofencesReport from '../geofences/GeofencesReport.tsx';
import RouteReport from '../route/RouteReport.tsx';
import StopsReport from '../stops/StopsReport.tsx';
import SummaryReport from '../summary/SummaryReport.tsx';
import TripsReport from '../trips/TripsReport.tsx';

/** Every report on a phone's 390 px: a card per row with what matters, no table to scroll sideways; and a run cancelled. */
const app = setupComponentTests();

const user = makeUser({ id: 1, attributes: { timezone: 'UTC' } });
const devices = [makeDevice({ id: 1, name: 'Alpha' })];
const item = { deviceId: 1, deviceName: 'Alpha', distance: 12_345, averageSpeed: 20, maxSpeed: 54, spentFuel: 3.5, startOdometer: 1_000_000, endOdometer: 1_012_345 };
const span = { startTime: '2024-05-01T11:00:00.000Z', endTime: '2024-05-01T11:20:00.000Z' };

const summary: ReportSummary = { ...item, ...span, startHours: 0, endHours: 3_600_000, engineHours: 3_600_000 };
const trip: ReportTrip = {
  ...item, ...span, startPositionId: 1, endPositionId: 2, startLat: -23.56, startLon: -46.65, endLat: -23.55, endLon: -46.64,
  startAddress: 'Av. Paulista, 1000', endAddress: 'Rua Augusta, 500', duration: 1_200_000, driverUniqueId: null, driverName: 'Maria',
};
const stop: ReportStop = { ...item, ...span, positionId: 3, latitude: -23.55, longitude: -46.64, address: 'Rua Augusta, 500', duration: 1_200_000, engineHours: 0 };
const event: Event & { deviceName: string; latitude: number; longitude: number; address: string } = {
  id: 7, type: 'ignitionOn', eventTime: span.startTime, deviceId: 1, positionId: 3, geofenceId: 0, maintenanceId: 0, attributes: {},
  deviceName: 'Alpha', latitude: -23.55, longitude: -46.64, address: 'Rua Augusta, 500',
};
const stay: ReportGeofence = { ...item, ...span, geofenceId: 4, duration: 1_200_000 };
const combined: ReportCombined = { deviceId: 1, route: [[-46.65, -23.56], [-46.64, -23.55]], events: [event], positions: [makePosition({ deviceId: 1, id: 3 })] };
const position = makePosition({ deviceId: 1, id: 3, fixTime: span.startTime, address: 'Rua Augusta, 500' });

interface Case {
  kind: string;
  Page: ComponentType;
  path: string;
  rows: unknown[];
  /** The card's title line. */
  title: string;
  /** Labels the card shows, and those it leaves to the desk's table. */
  shown: string[];
  hidden: string[];
}

const CASES: Case[] = [
  { kind: 'summary', Page: SummaryReport, path: '/reports/resume', rows: [summary], title: 'Alpha', shown: ['Start', 'End', 'Distance', 'Maximum speed', 'Engine hours'], hidden: ['Start odometer', 'End odometer'] },
  { kind: 'trips', Page: TripsReport, path: '/reports/travels', rows: [trip], title: 'Alpha', shown: ['Start', 'Start place', 'End place', 'Distance', 'Duration', 'Driver'], hidden: ['Average speed', 'Fuel spent'] },
  { kind: 'stops', Page: StopsReport, path: '/reports/stops', rows: [stop], title: 'Alpha', shown: ['Start', 'End', 'Duration', 'Address'], hidden: ['Engine hours', 'Fuel spent'] },
  { kind: 'events', Page: EventsReport, path: '/reports/events', rows: [event], title: 'Alpha', shown: ['Time', 'Type', 'Address'], hidden: ['Device'] },
  { kind: 'route', Page: RouteReport, path: '/reports/history', rows: [position], title: '', shown: ['Speed', 'Latitude', 'Address'], hidden: ['Altitude', 'Course', 'Time'] },
  { kind: 'geofences', Page: GeofencesReport, path: '/reports/geofences', rows: [stay], title: 'Alpha', shown: ['Geofence', 'Start', 'End', 'Duration'], hidden: ['Device'] },
  { kind: 'combined', Page: CombinedReport, path: '/reports/combined', rows: [combined], title: 'Alpha', shown: ['Time', 'Type', 'Details'], hidden: ['Device'] },
];

let restoreWidth: (() => void) | null = null;
afterEach(() => {
  restoreWidth?.();
  restoreWidth = null;
});

async function open({ kind, Page, path, rows }: Case) {
  app.api.json('GET', '/api/devices', devices).json('GET', `/api/reports/${kind}`, rows).json('GET', '/api/reports/combined', [combined]);
  const view = await app.render(<Page />, { path: `${path}?deviceId=1&period=yesterday`, route: path, user });
  await waitFor(() => expect(app.api.received('GET', `/api/reports/${kind}`).length).toBeGreaterThan(0));
  return view;
}

describe('reports on a phone', () => {
  it.each(CASES)('$kind: a card per row with what matters, and no table', async (report) => {
    restoreWidth = emulateWidth(390);
    await open(report);
    const [card] = await screen.findAllByTestId('report-row');
    expect(screen.getByTestId('report-cards')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    const labels = [...card.querySelectorAll('dt')].map((label) => label.textContent);
    for (const label of report.shown) expect(labels, report.kind).toContain(label);
    for (const label of report.hidden) expect(labels, report.kind).not.toContain(label);
    if (report.title) expect(card.querySelector('p')?.textContent).toBe(report.title);
  });

  it('a card that draws on the map is a button, marked when chosen', async () => {
    restoreWidth = emulateWidth(390);
    const view = await open(CASES[2]);
    const card = await screen.findByRole('button', { name: /Alpha/ });
    expect(card.className).not.toMatch(/Mui-selected/);
    await view.user.click(card);
    expect(card.className).toMatch(/Mui-selected/);
    expect(within(card).getByText('Rua Augusta, 500')).toBeTruthy();
  });

  it('keeps the table on a desk', async () => {
    restoreWidth = emulateWidth(1440);
    await open(CASES[2]);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Device', 'Start', 'End', 'Duration', 'Address', 'Engine hours', 'Fuel spent']);
    expect(screen.queryByTestId('report-cards')).toBeNull();
  });
});

describe('a report run', () => {
  it('shows its progress, and Cancel stops the request and offers to run it again', async () => {
    const held: (() => void)[] = [];
    app.api.json('GET', '/api/devices', devices).on('GET', '/api/reports/stops', () => new Promise((resolve) => {
      held.push(() => resolve({ json: [stop] }));
    }));
    const view = await app.render(<StopsReport />, { path: '/reports/stops?deviceId=1&period=yesterday', route: '/reports/stops', user });

    const running = await screen.findByTestId('report-running');
    expect(within(running).getByRole('progressbar')).toBeTruthy();
    await waitFor(() => expect(app.api.received('GET', '/api/reports/stops').length).toBeGreaterThan(0));
    await view.user.click(within(running).getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByTestId('report-cancelled')).toBeTruthy();
    // the browser closed the connection (every one: React's strict mode asks twice): the server may stop the work
    const cancelled = app.api.received('GET', '/api/reports/stops');
    await waitFor(() => expect(cancelled.map((request) => request.abandoned())).toEqual(cancelled.map(() => true)));
    for (const answer of held) answer();
    expect(screen.queryByText('Rua Augusta, 500')).toBeNull();

    app.api.json('GET', '/api/reports/stops', [stop]);
    await view.user.click(within(screen.getByTestId('report-cancelled')).getByRole('button', { name: 'Run again' }));
    expect(await screen.findByText('Rua Augusta, 500')).toBeTruthy();
    const asked = app.api.received('GET', '/api/reports/stops');
    expect(asked.length).toBeGreaterThan(cancelled.length);
    expect(asked[asked.length - 1].abandoned()).toBe(false);
  });
});

describe('what the reports draw on the map', () => {
  it("summary: the devices' routes over the period, and a chosen row's route over its own period", async () => {
    restoreWidth = emulateWidth(1440);
    app.api.json('GET', '/api/reports/route', [position]);
    const view = await open(CASES[0]);
    await waitFor(() => expect(app.api.received('GET', '/api/reports/combined').length).toBeGreaterThan(0));
    const asked = app.api.received('GET', '/api/reports/summary').at(-1)!;
    const routes = app.api.received('GET', '/api/reports/combined').at(-1)!.query;
    expect([routes.getAll('deviceId'), routes.get('from'), routes.get('to')]).toEqual([['1'], asked.query.get('from'), asked.query.get('to')]);

    await view.user.click(await screen.findByTestId('report-row'));
    await waitFor(() => expect(app.api.received('GET', '/api/reports/route').length).toBeGreaterThan(0));
    const row = app.api.received('GET', '/api/reports/route').at(-1)!.query;
    expect([row.getAll('deviceId'), row.get('from'), row.get('to')]).toEqual([['1'], summary.startTime, summary.endTime]);
  });

  it('events: the routes with the events, the chosen one placed from its row', async () => {
    restoreWidth = emulateWidth(1440);
    const view = await open(CASES[3]);
    await waitFor(() => expect(app.api.received('GET', '/api/reports/combined').length).toBeGreaterThan(0));
    await view.user.click(await screen.findByTestId('report-row'));
    expect((await screen.findByTestId('report-row')).className).toMatch(/Mui-selected/);
    // the report placed the event: its position is not asked again
    expect(app.api.received('GET', '/api/positions')).toHaveLength(0);
  });
});
