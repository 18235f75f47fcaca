// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { deviceFilters, deviceQuery } from '../../state/deviceFilters.ts';
import { setupComponentTests } from '../../testing/app.tsx';
import { makeDevice, makePosition, makeUser } from '../../testing/fixtures.ts';
import DevicesPanel from './DevicesPanel.tsx';
import FleetOverview from './FleetOverview.tsx';

const app = setupComponentTests();

const fleet = [
  makeDevice({ id: 1, name: 'Alpha', status: 'online' }),
  makeDevice({ id: 2, name: 'Bravo', status: 'online' }),
  makeDevice({ id: 3, name: 'Charlie', status: 'offline' }),
  makeDevice({ id: 4, name: 'Delta', status: 'unknown' }),
  makeDevice({ id: 5, name: 'Echo', status: 'online' }),
  // soft-deleted: never counted
  makeDevice({ id: 6, name: 'Gone', uniqueId: 'deleted-6-1700000000', status: 'online' }),
];
const positions = [
  makePosition({ deviceId: 1, attributes: { motion: true, ignition: true } }),
  makePosition({ deviceId: 2, attributes: { motion: false, ignition: true, alarm: 'sos' } }),
  makePosition({ deviceId: 3, attributes: { ignition: false, alarm: '' } }),
  makePosition({ deviceId: 5, attributes: { motion: false, ignition: false, alarm: 'overspeed,door' } }),
  makePosition({ deviceId: 6, attributes: { motion: true, ignition: true, alarm: 'sos' } }),
];

/** /home and /devices under one route, so a click on the overview really opens the list. */
function HomeAndList() {
  const { page } = useParams();
  return page === 'home' ? <FleetOverview /> : <DevicesPanel />;
}

const open = () => app.render(<HomeAndList />, { path: '/home', route: '/:page', user: makeUser({ id: 1 }), live: { devices: fleet, positions } });

const figure = (name: string) => screen.getByTestId(`overview-${name}`);
const listed = () => screen.queryAllByTestId('device-row').map((row) => Number(row.getAttribute('data-device-id')));

describe('the fleet overview on /home', () => {
  it('counts the listed devices by status, motion, ignition and alarm', async () => {
    await open();
    const figures = ['all', 'online', 'offline', 'unknown', 'moving', 'ignition', 'alarm'];
    await waitFor(() => expect(figure('all').textContent).toBe('5Total'));
    expect(figures.map((name) => figure(name).textContent)).toEqual([
      '5Total', '3Online', '1Offline', '1Unknown', '1Moving', '2Ignition on', '2In alarm',
    ]);
    // the spoken name says the count with its plural
    expect(figure('moving').getAttribute('aria-label')).toBe('1 moving: show in the list');
    expect(figure('all').getAttribute('aria-label')).toBe('5 devices: show all');
  });

  it.each([
    ['online', [1, 2, 5]],
    ['offline', [3]],
    ['unknown', [4]],
    ['moving', [1]],
    ['ignition', [1, 2]],
    ['alarm', [2, 5]],
    ['all', [1, 2, 3, 4, 5]],
  ])('a click on %s opens the list showing exactly those devices', async (name, ids) => {
    // a filter and a search left from before must not hide what the figure counted
    deviceFilters.set({ ...deviceFilters.get(), hiddenCategories: ['default'] });
    deviceQuery.set('Alpha');
    const view = await open();
    await waitFor(() => expect(figure(name).textContent).not.toMatch(/^0/));
    await view.user.click(figure(name));
    await waitFor(() => expect(view.location().pathname).toBe('/devices'));
    await waitFor(() => expect(listed()).toEqual(ids));
  });

  it('the ignition filter shows as a chip in the list and lifts from there', async () => {
    const view = await open();
    await view.user.click(figure('ignition'));
    await waitFor(() => expect(listed()).toEqual([1, 2]));
    await view.user.click(screen.getByTestId('ignition-filter-chip').querySelector('svg')!);
    await waitFor(() => expect(listed()).toEqual([1, 2, 3, 4, 5]));
  });

  it('collapses to its title and opens again', async () => {
    const view = await open();
    await view.user.click(screen.getByRole('button', { name: 'Collapse the overview' }));
    expect(screen.queryByTestId('overview-all')).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Show the overview' }));
    expect(figure('all')).toBeTruthy();
  });
});
