// @vitest-environment jsdom
import type { QrDriverState } from '@rastro/api';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupComponentTests } from '../../testing/app.tsx';
import { makeUser } from '../../testing/fixtures.ts';
import { expectSentOnce } from '../../testing/saves.ts';
import QrDriverPage from './QrDriverPage.tsx';
import QrScanPage from './QrScanPage.tsx';

/** The QR driver's check-in and check-out (spec §3): one request however fast the taps, the outcome shown, a refusal in words. */
const app = setupComponentTests();
const driver = makeUser({ id: 30, name: 'Ana', attributes: { 'tarkan.isQrDriverId': 4 } });
const truck = { id: 5, name: 'Truck 5', category: null, plate: 'ABC1D23' };
const onTruck: QrDriverState = { driver: { id: 4, name: 'Ana', uniqueId: 'ana' }, device: truck, since: '2025-01-10T08:00:00.000Z', logoutTime: null };
const offTruck: QrDriverState = { ...onTruck, device: null, since: null };

describe('QR driver check-in', () => {
  const open = async () => {
    app.api.json('GET', '/tarkan/qr-driver/devices/5', truck).json('GET', '/tarkan/qr-driver', offTruck);
    const view = await app.render(<QrScanPage />, { path: '/qr-driver/scan/5', route: '/qr-driver/scan/:id', user: driver });
    return { view, confirm: await screen.findByTestId('qr-confirm') };
  };

  it('checks in once on a double tap and goes to the driver home saying so', async () => {
    app.api.on('POST', '/tarkan/qr-driver', { json: onTruck, delayMs: 200 });
    const { view, confirm } = await open();
    expect((await expectSentOnce(view, app.api, confirm, 'POST', '/tarkan/qr-driver')).json()).toEqual({ id: 5 });
    await waitFor(() => expect(view.location().pathname).toBe('/qr-driver'));
    expect(view.location().state).toEqual({ checkedIn: 'Truck 5', unlock: undefined });
  });

  it("tells a refusal in words and stays on the vehicle", async () => {
    app.api.on('POST', '/tarkan/qr-driver', { status: 400, text: 'Write access denied' });
    const { view, confirm } = await open();
    await view.user.click(confirm);
    expect((await screen.findByTestId('qr-scan-error')).textContent).toBe('ACCESS DENIED');
    expect(view.location().pathname).toBe('/qr-driver/scan/5');
    expect(screen.getByTestId<HTMLButtonElement>('qr-confirm').disabled).toBe(false);
  });
});

describe('QR driver check-out', () => {
  const open = async () => {
    app.api.json('GET', '/tarkan/qr-driver', onTruck);
    const view = await app.render(<QrDriverPage />, { path: '/qr-driver', user: driver });
    return { view, checkOut: await screen.findByTestId('qr-check-out') };
  };

  it('checks out once on a double tap and says so', async () => {
    app.api.on('POST', '/tarkan/qr-driver', { json: offTruck, delayMs: 200 });
    const { view, checkOut } = await open();
    expect((await expectSentOnce(view, app.api, checkOut, 'POST', '/tarkan/qr-driver')).json()).toEqual({ id: 0 });
    await screen.findByText('Checked out. You are no longer on the vehicle.');
    expect(screen.getByTestId('qr-no-vehicle')).toBeTruthy();
  });

  it('tells a refusal in words, the vehicle still shown', async () => {
    app.api.on('POST', '/tarkan/qr-driver', { status: 400, text: 'Write access denied' });
    const { view, checkOut } = await open();
    await view.user.click(checkOut);
    await screen.findByText('ACCESS DENIED');
    expect(screen.getByTestId('qr-vehicle-name').textContent).toBe('Truck 5');
    expect(screen.getByTestId<HTMLButtonElement>('qr-check-out').disabled).toBe(false);
  });
});
