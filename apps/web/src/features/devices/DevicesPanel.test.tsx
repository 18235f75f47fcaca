// @vitest-environment jsdom
import type { User } from '@rastro/api';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_OPTIONS, mapOptions, setMapOption } from '../../state/mapOptions.ts';
import { selection } from '../../state/selection.ts';
import { setupComponentTests } from '../../testing/app.tsx';
import { makeDevice, makeGroup, makePosition, makeUser } from '../../testing/fixtures.ts';
import DevicesPanel from './DevicesPanel.tsx';

const app = setupComponentTests();
afterEach(() => mapOptions.set(DEFAULT_MAP_OPTIONS));

const fleet = [
  makeDevice({ id: 1, name: 'Alpha truck', status: 'online', category: 'truck', groupId: 10, attributes: { plate: 'XYZ9A87' } }),
  makeDevice({ id: 2, name: 'Bravo van', status: 'online', category: 'van', groupId: 20 }),
  makeDevice({ id: 3, name: 'Charlie truck', status: 'offline', category: 'truck', groupId: 10 }),
  makeDevice({ id: 4, name: 'Delta car', status: 'unknown', category: null }),
  // a soft-deleted device is never listed or counted
  makeDevice({ id: 5, name: 'Echo gone', uniqueId: 'deleted-5-1700000000', status: 'offline' }),
];
const positions = [
  makePosition({ deviceId: 1, attributes: { motion: true } }),
  makePosition({ deviceId: 2, attributes: { motion: false } }),
];

function renderList(user: User = makeUser({ id: 1 }), path = '/devices') {
  return app.render(<DevicesPanel />, { path, route: '/devices', user, live: { devices: fleet, positions } });
}

/** The names of the listed devices, in order. */
function listed(): string[] {
  const names = new Map(fleet.map((device) => [String(device.id), device.name]));
  return screen.queryAllByTestId('device-row').map((row) => names.get(row.getAttribute('data-device-id') ?? '') ?? '?');
}

const chip = (status: string) => screen.getByTestId(`count-${status}`);

describe('devices list filters', () => {
  it('counts the fleet by status and lists it by name', async () => {
    await renderList();
    await waitFor(() => expect(listed()).toEqual(['Alpha truck', 'Bravo van', 'Charlie truck', 'Delta car']));
    expect(['all', 'online', 'offline', 'unknown', 'moving'].map((status) => chip(status).textContent)).toEqual([
      'All 4', 'Online 2', 'Offline 1', 'Unknown 1', 'Moving 1',
    ]);
  });

  it('a status count filters the list, and a second click lifts the filter', async () => {
    const view = await renderList();
    await waitFor(() => expect(listed()).toHaveLength(4));

    await view.user.click(chip('online'));
    await waitFor(() => expect(listed()).toEqual(['Alpha truck', 'Bravo van']));
    expect(chip('online').getAttribute('aria-pressed')).toBe('true');

    await view.user.click(chip('offline'));
    await waitFor(() => expect(listed()).toEqual(['Charlie truck']));

    await view.user.click(chip('offline'));
    await waitFor(() => expect(listed()).toHaveLength(4));
    expect(chip('all').getAttribute('aria-pressed')).toBe('true');
  });

  it('moving combines with the status filter', async () => {
    const view = await renderList();
    await view.user.click(chip('moving'));
    await waitFor(() => expect(listed()).toEqual(['Alpha truck']));

    await view.user.click(chip('offline'));
    await waitFor(() => expect(screen.getByText('No devices match.')).toBeTruthy());
    expect(listed()).toEqual([]);
  });

  it('search matches names, attributes and the status word, and is remembered', async () => {
    const view = await renderList();
    const search = screen.getByRole('searchbox', { name: 'Search devices' });

    await view.user.type(search, 'TRUCK');
    await waitFor(() => expect(listed()).toEqual(['Alpha truck', 'Charlie truck']));
    expect(JSON.parse(localStorage.getItem('rastro.deviceQuery') ?? 'null')).toBe('TRUCK');

    await view.fill(search, 'xyz9');
    await waitFor(() => expect(listed()).toEqual(['Alpha truck']));

    await view.fill(search, 'offline');
    await waitFor(() => expect(listed()).toEqual(['Charlie truck']));

    await view.fill(search, 'nothing like it');
    await waitFor(() => expect(screen.getByText('No devices match.')).toBeTruthy());
  });

  it('the category menu hides a category from the list until the chip is cleared', async () => {
    const view = await renderList();
    await view.user.click(screen.getByRole('button', { name: 'Filter by category' }));
    const menu = await screen.findByRole('menu');
    // the fleet's categories with their counts; a device without one is a Default one
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(
      expect.arrayContaining(['Truck2', 'Van1', 'Default1']),
    );
    await view.user.click(within(menu).getByTestId('category-truck'));
    await view.user.keyboard('{Escape}');

    await waitFor(() => expect(listed()).toEqual(['Bravo van', 'Delta car']));
    const hidden = screen.getByText('Hidden categories: 1');
    // the chip's delete icon restores every category
    await view.user.click(within(hidden.closest('.MuiChip-root') as HTMLElement).getByTestId('CancelIcon'));
    await waitFor(() => expect(listed()).toHaveLength(4));
  });

  it('lists devices under their groups when the map option says so', async () => {
    app.api.json('GET', '/api/groups', [makeGroup({ id: 10, name: 'Heavy' }), makeGroup({ id: 20, name: 'Light' })]);
    setMapOption('groups', true);
    await renderList();

    await waitFor(() => expect(screen.getByText('Heavy · 2')).toBeTruthy());
    const names = new Map(fleet.map((device) => [String(device.id), device.name]));
    // a group's header as "# name · count", a device by its name
    const rows = screen.getAllByRole('listitem').map((item) => {
      const row = item.querySelector('[data-testid="device-row"]');
      return row ? names.get(row.getAttribute('data-device-id') ?? '') : `# ${item.textContent}`;
    });
    expect(rows).toEqual(['# Heavy · 2', 'Alpha truck', 'Charlie truck', '# Light · 1', 'Bravo van', '# No group · 1', 'Delta car']);
  });

  it('opens a device from the list, keeping the address options', async () => {
    const view = await renderList(makeUser({ id: 1 }), '/devices?expand=true');
    await waitFor(() => expect(listed()).toHaveLength(4));
    await view.user.click(screen.getAllByTestId('device-row')[1]);

    expect(view.location().pathname).toBe('/devices/2');
    expect(view.location().search).toBe('?expand=true');
    expect(selection.get()).toMatchObject({ deviceId: 2, focus: true });
  });

  it('offers adding a device to those who may create, and not to read-only users', async () => {
    const view = await renderList();
    await view.serverKnown();
    await view.user.click(await screen.findByRole('button', { name: 'Add device' }));
    expect(await screen.findByTestId('device-editor')).toBeTruthy();
    view.unmount();

    const readOnly = await renderList(makeUser({ id: 2, readonly: true }));
    await readOnly.serverKnown();
    await waitFor(() => expect(listed()).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'Add device' })).toBeNull();
  });
});

describe('device row time', () => {
  const updated = makeDevice({ id: 7, name: 'Foxtrot bus', status: 'online', lastUpdate: '2026-03-01T17:05:09.000Z' });
  const titleOf = () => screen.getByTestId('device-row').querySelector('[title]')?.getAttribute('title');

  it('shows the absolute last update on hover, on the user\'s 12-hour clock and zone', async () => {
    const user = makeUser({ id: 1, attributes: { twelveHourFormat: true, timezone: 'America/Sao_Paulo' } });
    await app.render(<DevicesPanel />, { path: '/devices', user, live: { devices: [updated], positions: [] } });
    await waitFor(() => expect(titleOf()?.replace(/\s/g, ' ')).toBe('3/1/26, 2:05:09 PM'));
  });

  it('and on a 24-hour clock when the user has it', async () => {
    const user = makeUser({ id: 1, attributes: { twelveHourFormat: false, timezone: 'America/Sao_Paulo' } });
    await app.render(<DevicesPanel />, { path: '/devices', user, live: { devices: [updated], positions: [] } });
    await waitFor(() => expect(titleOf()).toBe('3/1/26, 14:05:09'));
  });
});
