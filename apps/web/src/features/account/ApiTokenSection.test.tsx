// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupComponentTests } from '../../testing/app.tsx';
import { expectNotice } from '../../testing/saves.ts';
import { makeUser } from '../../testing/fixtures.ts';
import { ApiTokenSection } from './ApiTokenSection.tsx';

const app = setupComponentTests();
const TOKEN = 'rk_9f1c2e7a4b6d8e0f1a2b3c4d5e6f7a8b';

describe('API token section', () => {
  it('generates a token for the user being edited, shows it once, and revokes it', async () => {
    app.api.on('POST', '/api/session/token', { text: TOKEN }).on('POST', '/api/session/token/revoke', { status: 204 });
    const view = await app.render(<ApiTokenSection userId={9} />);
    await view.user.click(screen.getByTestId('api-token-generate'));
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('api-token-value').value).toBe(TOKEN));
    await expectNotice('Token generated.');
    const [minted] = app.api.received('POST', '/api/session/token');
    expect(minted.form().userId).toBe('9');
    // the default life is a month, sent as an ISO time in the future
    expect(Date.parse(minted.form().expiration)).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    await view.user.click(screen.getByTestId('api-token-revoke'));
    await waitFor(() => expect(app.api.received('POST', '/api/session/token/revoke')).toHaveLength(1));
    expect(app.api.received('POST', '/api/session/token/revoke')[0].form()).toEqual({ token: TOKEN });
    await waitFor(() => expect(screen.queryByTestId('api-token-value')).toBeNull());
    await expectNotice('Token revoked.');
  });

  it('mints the signed-in user\'s own token when no user is named', async () => {
    app.api.on('POST', '/api/session/token', { text: TOKEN });
    const view = await app.render(<ApiTokenSection />);
    await view.user.click(screen.getByTestId('api-token-generate'));
    await waitFor(() => expect(screen.getByTestId('api-token-value')).toBeTruthy());
    expect(app.api.received('POST', '/api/session/token')[0].form()).not.toHaveProperty('userId');
  });

  it('takes the expiry on the user\'s 12-hour clock and sends it as that instant', async () => {
    app.api.on('POST', '/api/session/token', { text: TOKEN });
    const view = await app.render(<ApiTokenSection userId={9} />, { user: makeUser({ id: 9, attributes: { twelveHourFormat: true } }) });
    const expiration = screen.getByTestId<HTMLInputElement>('api-token-expiration');
    expect(expiration.value).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M$/);
    await view.fill(expiration, '01/02/2099 09:15 PM');
    await view.user.click(screen.getByTestId('api-token-generate'));
    await waitFor(() => expect(app.api.received('POST', '/api/session/token')).toHaveLength(1));
    expect(app.api.received('POST', '/api/session/token')[0].form().expiration).toBe(new Date(2099, 0, 2, 21, 15).toISOString());
  });

  it('refuses an expiry in the past without asking the server', async () => {
    const view = await app.render(<ApiTokenSection userId={9} />);
    await view.fill(screen.getByTestId('api-token-expiration'), '01/01/2001 10:00');
    await view.user.click(screen.getByTestId('api-token-generate'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Expiration must be in the future.'));
    expect(app.api.received('POST', '/api/session/token')).toHaveLength(0);
  });

  it('revokes a pasted token and shows the server\'s refusal', async () => {
    app.api.on('POST', '/api/session/token/revoke', { status: 204 });
    const view = await app.render(<ApiTokenSection userId={9} />);
    expect(screen.getByTestId<HTMLButtonElement>('api-token-revoke-other').disabled).toBe(true);
    await view.fill(screen.getByTestId('api-token-other'), `  ${TOKEN} `);
    await view.user.click(screen.getByTestId('api-token-revoke-other'));
    await waitFor(() => expect(app.api.received('POST', '/api/session/token/revoke')).toHaveLength(1));
    expect(app.api.received('POST', '/api/session/token/revoke')[0].form()).toEqual({ token: TOKEN });
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('api-token-other').value).toBe(''));

    app.api.on('POST', '/api/session/token', { status: 400, text: 'User access denied' });
    await view.user.click(screen.getByTestId('api-token-generate'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).not.toBe(''));
    expect(screen.queryByTestId('api-token-value')).toBeNull();
  });
});
