// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverReply, setupComponentTests } from '../../../testing/app.tsx';
import { makeDevice, makePosition, makeUser } from '../../../testing/fixtures.ts';
import { DeviceSummary } from './DeviceSummary.tsx';

const app = setupComponentTests();
const asked = () => app.api.received('GET', '/api/server/geocode');
/** Intl writes a narrow no-break space before AM/PM: compared as a plain space. */
const text = (testId: string) => (screen.getByTestId(testId).textContent ?? '').replace(/\s/g, ' ');

const device = makeDevice({ id: 5, name: 'Van 3', lastUpdate: '2026-03-01T17:05:09Z' });
const position = makePosition({ deviceId: 5, latitude: -23.55033, longitude: -46.6333, address: 'Praça da Sé' });
const saoPaulo = { timezone: 'America/Sao_Paulo' };

describe('device summary', () => {
  it('shows the address of the device\'s position, looked up on display', async () => {
    app.api.on('GET', '/api/server/geocode', () => ({ text: '3 km NE de Campinas, SP' }));
    await app.render(<DeviceSummary device={device} position={makePosition({ deviceId: 5, latitude: -22.886, longitude: -47.04 })} />);
    await waitFor(() => expect(screen.getByTestId('device-address').textContent).toBe('3 km NE de Campinas, SP'));
    expect(asked()).toHaveLength(1);
  });

  it('shows the last update on a 12-hour clock and the coordinates in DMS when the user chose them', async () => {
    const user = makeUser({ id: 1, coordinateFormat: 'dms', attributes: { ...saoPaulo, twelveHourFormat: true } });
    await app.render(<DeviceSummary device={device} position={position} />, { user });
    await waitFor(() => expect(text('device-last-update')).toContain('2:05:09 PM'));
    expect(text('device-coordinates')).toBe('23°33\'01.2"S, 46°37\'59.9"W · 0°');
  });

  it('shows a 24-hour clock and decimal degrees by default', async () => {
    await app.render(<DeviceSummary device={device} position={position} />, { user: makeUser({ id: 1, attributes: saoPaulo }) });
    await waitFor(() => expect(text('device-last-update')).toContain('14:05:09'));
    expect(text('device-last-update')).not.toMatch(/PM/);
    expect(text('device-coordinates')).toBe('-23.550330°, -46.633300° · 0°');
  });

  it('shows the last update at the user\'s fixed offset (`GMT-3`), as his mail and exports do', async () => {
    // 17:05:09 UTC is 14:05:09 at GMT-3 and 22:50:09 at +05:45, whatever the browser's zone
    const view = await app.render(<DeviceSummary device={device} position={position} />, { user: makeUser({ id: 1, attributes: { timezone: 'GMT-3' } }) });
    await waitFor(() => expect(text('device-last-update')).toContain('3/1/26, 14:05:09'));
    view.unmount();
    await app.render(<DeviceSummary device={device} position={position} />, { user: makeUser({ id: 1, attributes: { timezone: '+05:45' } }) });
    await waitFor(() => expect(text('device-last-update')).toContain('3/1/26, 22:50:09'));
  });

  it('takes the server\'s choice when the user has none, and the user\'s over it', async () => {
    app.api.on('GET', '/api/server', serverReply({ coordinateFormat: 'ddm', attributes: { twelveHourFormat: true } }));
    const view = await app.render(<DeviceSummary device={device} position={position} />, { user: makeUser({ id: 1, attributes: saoPaulo }) });
    await waitFor(() => expect(text('device-last-update')).toContain('2:05:09 PM'));
    expect(text('device-coordinates')).toBe("23°33.020'S, 46°37.998'W · 0°");
    view.unmount();

    // the server's answer is in (its ddm shows), and the user's own 24-hour clock still wins
    const own = makeUser({ id: 1, attributes: { ...saoPaulo, twelveHourFormat: false } });
    await app.render(<DeviceSummary device={device} position={position} />, { user: own });
    await waitFor(() => expect(text('device-coordinates')).toBe("23°33.020'S, 46°37.998'W · 0°"));
    expect(text('device-last-update')).toContain('14:05:09');
  });

  it('follows the server over the user when the server forces its settings', async () => {
    app.api.on('GET', '/api/server', serverReply({ forceSettings: true, coordinateFormat: 'dms', attributes: { twelveHourFormat: true } }));
    const user = makeUser({ id: 1, coordinateFormat: 'dd', attributes: { ...saoPaulo, twelveHourFormat: false } });
    await app.render(<DeviceSummary device={device} position={position} />, { user });
    await waitFor(() => expect(text('device-coordinates')).toBe('23°33\'01.2"S, 46°37\'59.9"W · 0°'));
    expect(text('device-last-update')).toContain('2:05:09 PM');
  });
});
