// @vitest-environment jsdom
import type { Device, Position } from '@rastro/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { liveStore, useLivePosition } from '../../../api/liveStore.ts';
import { serverInfoQuery } from '../../../api/queries.ts';
import { serverReply, setupComponentTests } from '../../../testing/app.tsx';
import { makeDevice, makePosition, makeUser } from '../../../testing/fixtures.ts';
import { textField } from '../../../testing/queries.ts';
import { DeviceEditor } from '../editor/DeviceEditor.tsx';
import { DeviceReadings } from './DeviceReadings.tsx';
import { parseReadingKeys } from './readingKeys.ts';

const app = setupComponentTests();

const device = makeDevice({ id: 7, name: 'Truck', attributes: { plate: 'ABC1D23' } });
const position = makePosition({
  deviceId: 7,
  latitude: -23.55033,
  attributes: { ignition: true, batteryLevel: 81, fuel: 40, totalDistance: 12_345_000, rpm: 2100, temp1: 21.5 },
});
/** The labels of the rows shown, in order. */
const labels = () => [...screen.getByTestId('device-readings').querySelectorAll('dt')].map((dt) => dt.textContent);

describe('device readings (tarkan.deviceAttributes)', () => {
  it('shows the default set when nobody lists attributes', async () => {
    await app.render(<DeviceReadings device={device} position={position} />, { user: makeUser({ id: 1 }) });
    expect(labels()).toEqual(['Odometer', 'Fuel', 'Battery', 'Power', 'Ignition', 'Locked', 'Driver', 'Alarms']);
    expect(screen.getByTestId('reading-odometer').textContent).toContain('12,345');
    // the tracker reports no odometer of its own: no row for it
    expect(screen.queryByTestId('reading-trackerOdometer')).toBeNull();
  });

  it("shows the odometer the editor sets, and the tracker's own reading apart", async () => {
    const car = makeDevice({ id: 6, name: 'Car' });
    const reported = makePosition({ deviceId: 6, attributes: { totalDistance: 12_345_000, odometer: 98_765_400 } });
    // as the server does: the reset makes a copy of the latest position with the new total the latest, sent over the socket
    app.api.on('PUT', '/api/devices/6', (request) => ({ json: request.json() })).on('PUT', '/api/devices/6/accumulators', (request) => {
      const { totalDistance } = request.json<{ totalDistance: number }>();
      const latest = liveStore.getState().positions.get(6) as Position;
      liveStore.push({ positions: [{ ...latest, id: latest.id + 1, attributes: { ...latest.attributes, totalDistance } }] });
      return { status: 204 };
    });
    const onClose = vi.fn();
    function Details() {
      const position = useLivePosition(6);
      const [editing, setEditing] = useState(true);
      return (
        <>
          <DeviceReadings device={car} position={position} />
          <button type="button" onClick={() => setEditing(true)}>Edit again</button>
          {editing && <DeviceEditor device={car} onClose={(saved?: Device) => { onClose(saved); setEditing(false); }} />}
        </>
      );
    }
    const view = await app.render(<Details />, { user: makeUser({ id: 1 }), live: { devices: [car], positions: [reported] } });
    const odometer = () => textField(screen.getByTestId('device-editor'), 'Odometer');
    expect(screen.getByTestId('reading-odometer').textContent).toBe('12,345.00 km');
    expect(screen.getByTestId('reading-trackerOdometer').textContent).toBe('98,765.40 km');
    expect(labels()).toEqual(['Odometer', 'Tracker odometer', 'Fuel', 'Battery', 'Power', 'Ignition', 'Locked', 'Driver', 'Alarms']);

    await view.fill(odometer(), '10000');
    await view.user.click(within(screen.getByTestId('device-editor')).getByTestId('save-device'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(app.api.received('PUT', '/api/devices/6/accumulators')[0].json()).toEqual({ deviceId: 6, totalDistance: 10_000_000 });
    await waitFor(() => expect(screen.getByTestId('reading-odometer').textContent).toBe('10,000.00 km'));
    // the tracker's own reading is its own: the reset leaves it as reported
    expect(screen.getByTestId('reading-trackerOdometer').textContent).toBe('98,765.40 km');

    // opened again, the editor shows what the details show
    await waitFor(() => expect(screen.queryByTestId('device-editor')).toBeNull());
    await view.user.click(screen.getByRole('button', { name: 'Edit again' }));
    expect(odometer().value).toBe('10000');
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
