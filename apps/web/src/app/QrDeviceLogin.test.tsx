// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import DevicePage from '../features/devices/DevicePage.tsx';
import { setupComponentTests } from '../testing/app.tsx';
import { makeDevice, makePosition, makeUser } from '../testing/fixtures.ts';
import { emulateWidth } from '../testing/viewport.ts';
import { NavigationGuard } from './NavigationGuard.tsx';
import { UserMenu } from './UserMenu.tsx';

/**
 * Spec §3/§6 QR device (`tarkan.isQrDeviceId`): the login behind a vehicle's access code opens
 * straight onto that vehicle, stays there, and is offered nothing to manage.
 */
const app = setupComponentTests();
const truck = makeDevice({ id: 5, name: 'Truck 5', uniqueId: '555' });
const visitor = makeUser({
  id: 40, name: 'Truck 5', email: 'qr-device-abc@qr-device.invalid', readonly: true, deviceReadonly: true, limitCommands: true, disableReports: true,
  attributes: { 'tarkan.isQrDeviceId': 5 },
});

describe('a QR device login', () => {
  it('is sent to its vehicle from any page, and left there', async () => {
    for (const path of ['/home', '/devices', '/reports', '/users', '/devices/6']) {
      const view = await app.render(<NavigationGuard />, { path, route: '*', user: visitor });
      await waitFor(() => expect(view.location().pathname).toBe('/devices/5'));
      view.unmount();
    }
    const view = await app.render(<NavigationGuard />, { path: '/devices/5', route: '*', user: visitor });
    // an ordinary user is not moved
    const other = await app.render(<NavigationGuard />, { path: '/reports', route: '*', user: makeUser({ id: 1 }) });
    expect(view.location().pathname).toBe('/devices/5');
    expect(other.location().pathname).toBe('/reports');
  });

  it("sees its vehicle's details without a single management action", async () => {
    await app.render(<DevicePage />, {
      path: '/devices/5', route: '/devices/:deviceId', user: visitor, live: { devices: [truck], positions: [makePosition({ deviceId: 5 })] },
    });
    await screen.findByTestId('action-follow');
    const actions = screen.getAllByTestId(/^action-/).map((button) => button.getAttribute('data-testid'));
    expect(actions).toEqual(['action-follow', 'action-trail', 'action-only', 'action-maps', 'action-streetView']);
    // no routes nor chart: they read the history, which is report work
    expect(screen.queryByText('Routes')).toBeNull();
  });

  it('has no page in its menu and no generated address shown', async () => {
    // on a phone the menu heads with the user's name and address: a QR login's address is noise
    const restore = emulateWidth(390);
    try {
      const view = await app.render(<UserMenu user={visitor} />, { user: visitor });
      await view.user.click(screen.getByTestId('user-menu'));
      const menu = await screen.findByRole('menu');
      expect(menu.querySelectorAll('a')).toHaveLength(0);
      expect(menu.textContent).toContain('Truck 5');
      expect(menu.textContent).not.toContain('qr-device.invalid');
      expect(menu.textContent).toContain('Logout');
      view.unmount();
      // an ordinary user sees pages and his address there
      const owner = makeUser({ id: 1 });
      const ordinary = await app.render(<UserMenu user={owner} />, { user: owner });
      await ordinary.user.click(screen.getByTestId('user-menu'));
      const full = await screen.findByRole('menu');
      await waitFor(() => expect(full.querySelectorAll('a').length).toBeGreaterThan(0));
      expect(full.textContent).toContain('user1@example.com');
    } finally {
      restore();
    }
  });
});
