// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverInfoQuery } from '../../../api/queries.ts';
import { serverReply, setupComponentTests } from '../../../testing/app.tsx';
import { makeDevice, makePosition, makeUser } from '../../../testing/fixtures.ts';
import { DeviceReadings } from './DeviceReadings.tsx';
import { parseReadingKeys } from './readingKeys.ts';

const app = setupComponentTests();

const device = makeDevice({ id: 7, name: 'Truck', attributes: { plate: 'ABC1D23' } });
const position = makePosition({
  deviceId: 7,
  latitude: -23.55033,
  attributes: { ignition: true, batteryLevel: 81, fuel: 40, odometer: 12_345_000, rpm: 2100, temp1: 21.5 },
});
/** The labels of the rows shown, in order. */
const labels = () => [...screen.getByTestId('device-readings').querySelectorAll('dt')].map((dt) => dt.textContent);

describe('device readings (tarkan.deviceAttributes)', () => {
  it('shows the default set when nobody lists attributes', async () => {
    await app.render(<DeviceReadings device={device} position={position} />, { user: makeUser({ id: 1 }) });
    expect(labels()).toEqual(['Odometer', 'Fuel', 'Battery', 'Power', 'Ignition', 'Locked', 'Driver', 'Alarms']);
    expect(screen.getByTestId('reading-odometer').textContent).toContain('12,345');
  });

  it('shows the user\'s keys, in his order, from the position, the device and its fields', async () => {
    const user = makeUser({ id: 1, coordinateFormat: 'dms', attributes: { 'tarkan.deviceAttributes': ' rpm, batteryLevel ,plate,latitude, rpm,=bad key' } });
    await app.render(<DeviceReadings device={device} position={position} />, { user });
    expect(screen.getByTestId('reading-rpm').textContent).toBe('2,100');
    expect(screen.getByTestId('reading-battery').textContent).toBe('81 %');
    expect(screen.getByTestId('reading-plate').textContent).toBe('ABC1D23');
    expect(screen.getByTestId('reading-latitude').textContent).toBe('23°33\'01.2"S');
    expect(labels()).toEqual(['RPM', 'Battery', 'plate', 'Latitude']);
    expect(screen.getAllByRole('definition')).toHaveLength(4);
    expect(screen.queryByTestId('reading-odometer')).toBeNull();
  });

  it('takes the server\'s list when the user has none, and the user\'s over the server\'s', async () => {
    app.api.on('GET', '/api/server', serverReply({ attributes: { 'tarkan.deviceAttributes': 'temp1,ignition' } }));
    const view = await app.render(<DeviceReadings device={device} position={position} />, { user: makeUser({ id: 1 }) });
    await waitFor(() => expect(screen.getAllByRole('definition')).toHaveLength(2));
    expect(screen.getByTestId('reading-temp1').textContent).toBe('21.5');
    expect(screen.getByTestId('reading-ignition').textContent).toBe('Yes');
    view.unmount();

    const user = makeUser({ id: 1, attributes: { 'tarkan.deviceAttributes': 'fuel' } });
    const mine = await app.render(<DeviceReadings device={device} position={position} />, { user });
    await waitFor(() => expect(mine.client.getQueryData(serverInfoQuery.queryKey)).toBeDefined());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0))); // the answer's render
    expect(screen.getAllByRole('definition')).toHaveLength(1);
    expect(screen.getByTestId('reading-fuel').textContent).toBe('40 L');
  });

  it('reads the list leniently and drops what cannot be a key', () => {
    expect(parseReadingKeys('a, b ,,a')).toEqual(['a', 'b']);
    expect(parseReadingKeys(' , ')).toBeNull();
    expect(parseReadingKeys('<script>,io1')).toEqual(['io1']);
    expect(parseReadingKeys(12)).toBeNull();
  });
});
