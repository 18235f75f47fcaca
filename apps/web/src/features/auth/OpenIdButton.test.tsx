// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverReply, setupComponentTests } from '../../testing/app.tsx';
import LoginPage from './LoginPage.tsx';

const app = setupComponentTests();

describe('OpenID sign-in on the login page', () => {
  it('offers the provider when the server has one, as a link to the server\'s OpenID start', async () => {
    app.api.on('GET', '/api/server', serverReply({ openIdEnabled: true }));
    await app.render(<LoginPage />, { path: '/login' });
    const link = await screen.findByRole('link', { name: 'Sign in with OpenID' });
    expect(link.getAttribute('href')).toBe('/api/session/openid/auth');
    // beside the password form, not instead of it
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('offers nothing without one, nor to QR drivers', async () => {
    const plain = await app.render(<LoginPage />, { path: '/login' });
    await plain.serverKnown();
    expect(screen.queryByTestId('openid-sign-in')).toBeNull();
    plain.unmount();
    app.api.on('GET', '/api/server', serverReply({ openIdEnabled: true }));
    const driver = await app.render(<LoginPage driver />, { path: '/motorista' });
    await driver.serverKnown();
    expect(screen.queryByTestId('openid-sign-in')).toBeNull();
  });
});
