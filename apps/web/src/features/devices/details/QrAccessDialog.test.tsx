// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupComponentTests } from '../../../testing/app.tsx';
import { makeDevice, makeUser } from '../../../testing/fixtures.ts';
import { expectNotice, expectSentOnce } from '../../../testing/saves.ts';
import { QrAccessDialog } from './QrAccessDialog.tsx';

/** The vehicle's access code (spec §3/§6 QR device): issued, shown once as a QR and a link, replaced or revoked after confirming. */
const app = setupComponentTests();
const truck = makeDevice({ id: 5, name: 'Truck 5', uniqueId: '555' });
const owner = makeUser({ id: 1 });

describe('QR access dialog', () => {
  it('issues the code and shows it once, as a QR code and a link that signs in', async () => {
    app.api.json('GET', '/tarkan/devices/5/qr-access', { deviceId: 5, active: false });
    app.api.on('POST', '/tarkan/devices/5/qr-access', { json: { deviceId: 5, active: true, createdTime: '2025-01-10T08:00:00.000Z', token: 'tok/en+1' }, delayMs: 200 });
    const view = await app.render(<QrAccessDialog device={truck} onClose={() => {}} />, { user: owner });
    expect((await screen.findByTestId('qr-access-state')).textContent).toBe('No active access code.');
    expect(screen.queryByTestId('qr-access-revoke')).toBeNull();

    // a double click issues one code: a second would replace the first
    await expectSentOnce(view, app.api, screen.getByTestId('qr-access-issue'), 'POST', '/tarkan/devices/5/qr-access');
    const link = within(await screen.findByTestId('qr-access-link')).getByRole('textbox');
    expect((link as HTMLInputElement).value).toBe(`${window.location.origin}/share/tok%2Fen%2B1`);
    await screen.findByTestId('qr-access-code');
    await expectNotice('Access QR code generated.');
    expect(screen.getByTestId('qr-access-revoke')).toBeTruthy();
  });

  it('asks before replacing an active code, and before revoking it', async () => {
    app.api.on('GET', '/tarkan/devices/5/qr-access', { json: { deviceId: 5, active: true, createdTime: '2025-01-10T08:00:00.000Z' } });
    app.api.on('DELETE', '/tarkan/devices/5/qr-access', { status: 204 });
    const view = await app.render(<QrAccessDialog device={truck} onClose={() => {}} />, { user: owner });
    expect((await screen.findByTestId('qr-access-state')).textContent).toContain('Code active, issued');

    await view.user.click(screen.getByTestId('qr-access-issue'));
    const replace = await screen.findByRole('dialog', { name: 'Generate new code' });
    expect(replace.textContent).toContain('The current code of Truck 5 stops working');
    await view.user.click(within(replace).getByRole('button', { name: 'Cancel' }));
    expect(app.api.received('POST', '/tarkan/devices/5/qr-access')).toHaveLength(0);

    await view.user.click(screen.getByTestId('qr-access-revoke'));
    await view.user.click(within(await screen.findByRole('dialog', { name: 'Revoke QR access' })).getByRole('button', { name: 'Revoke access' }));
    await waitFor(() => expect(screen.getByTestId('qr-access-state').textContent).toBe('No active access code.'));
    expect(app.api.received('DELETE', '/tarkan/devices/5/qr-access')).toHaveLength(1);
    await expectNotice('QR access revoked.');
  });

  it("tells the server's refusal in words", async () => {
    app.api.json('GET', '/tarkan/devices/5/qr-access', { deviceId: 5, active: false });
    app.api.on('POST', '/tarkan/devices/5/qr-access', { status: 400, text: 'Device access denied' });
    const view = await app.render(<QrAccessDialog device={truck} onClose={() => {}} />, { user: owner });
    await screen.findByTestId('qr-access-state');
    await view.user.click(screen.getByTestId('qr-access-issue'));
    const error = await screen.findByTestId('qr-access-error');
    expect(error.textContent).not.toBe('');
    expect(error.textContent).not.toContain('DEVICE_ACCESS_DENIED');
    expect(screen.queryByTestId('qr-access-link')).toBeNull();
    expect(screen.queryByTestId('notice')).toBeNull();
    expect(screen.getByTestId('qr-access-dialog')).toBeTruthy();
  });
});
