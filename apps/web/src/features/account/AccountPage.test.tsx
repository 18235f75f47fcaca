// @vitest-environment jsdom
import { createHmac } from 'node:crypto';
import type { User } from '@rastro/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionUser } from '../../state/session.ts';
import { serverReply, setupComponentTests } from '../../testing/app.tsx';
import { makeUser } from '../../testing/fixtures.ts';
import { choose, entityDialog, fillFields, noticeText, saveEntity, selectField, textField } from '../../testing/queries.ts';
import AccountPage from './AccountPage.tsx';

const app = setupComponentTests();

const me = makeUser({ id: 12, name: 'Ana Souza', email: 'ana@example.com', phone: '+5511900000000', attributes: { speedUnit: 'kmh' } });
/** RFC 6238's test secret, "12345678901234567890" in base32. */
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

/** An authenticator app's code now (RFC 6238: HMAC-SHA-1 over the 30 s step, dynamic truncation), written apart from the app's. */
function authenticatorCode(secret: string, now = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = secret.replace(/./g, (char) => alphabet.indexOf(char).toString(2).padStart(5, '0'));
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function renderAccount(user: User = me) {
  app.api.on('PUT', `/api/users/${user.id}`, (request) => ({ json: request.json() }));
  const view = await app.render(<AccountPage />, { path: '/account', user });
  await view.serverKnown();
  return view;
}

describe('my account', () => {
  it("saves one's own details and preferences, keeping the password, says so and stays on the page", async () => {
    const view = await renderAccount();
    expect(within(entityDialog()).getByText('My account')).toBeTruthy();
    expect(textField(entityDialog(), 'Phone').value).toBe('+5511900000000');

    await view.fill(textField(entityDialog(), 'Phone'), '+5511922223333');
    await choose(view, selectField(entityDialog(), 'Language'), 'Español');
    await choose(view, selectField(entityDialog(), 'Coordinate format'), 'DMS');
    await saveEntity(view);

    expect(await noticeText()).toBe('Saved');
    expect(view.location().pathname).toBe('/account');
    expect(textField(entityDialog(), 'Phone').value).toBe('+5511922223333');
    const body = app.api.received('PUT', '/api/users/12')[0].json();
    expect(body).toMatchObject({
      id: 12,
      name: 'Ana Souza',
      phone: '+5511922223333',
      coordinateFormat: 'dms',
      // attributes the form does not show are kept
      attributes: { speedUnit: 'kmh', 'tarkan.lang': 'es' },
    });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('passwordConfirm');
    // the session holds the saved user
    expect(sessionUser.get()?.phone).toBe('+5511922223333');
  });

  it('changes the password only when both fields agree', async () => {
    const view = await renderAccount();
    await fillFields(view, entityDialog(), { 'New password': 'n3w-pass', 'Confirm new password': 'n3w-pas' });
    await saveEntity(view);
    expect((await within(entityDialog()).findByTestId('entity-error')).textContent).toBe('The passwords do not match.');
    expect(app.api.received('PUT', '/api/users/12')).toHaveLength(0);

    await view.fill(textField(entityDialog(), 'Confirm new password'), 'n3w-pass');
    await saveEntity(view);
    expect(await noticeText()).toBe('Saved');
    // the form starts again from the saved account: the password is not kept to be sent again
    await waitFor(() => expect(textField(entityDialog(), 'New password').value).toBe(''));
    expect(view.location().pathname).toBe('/account');
    expect(app.api.received('PUT', '/api/users/12')).toHaveLength(1);
    const body = app.api.received('PUT', '/api/users/12')[0].json();
    expect(body.password).toBe('n3w-pass');
    expect(body).not.toHaveProperty('passwordConfirm');
  });

  it('offers two-step verification only where the server allows it', async () => {
    await renderAccount();
    expect(within(entityDialog()).getByText('My account')).toBeTruthy();
    expect(within(entityDialog()).queryByTestId('two-step-open')).toBeNull();
  });

  it('turns two-step verification on once the app shows the right code', async () => {
    app.api.on('GET', '/api/server', serverReply({ attributes: { totpEnable: true } })).on('POST', '/api/users/totp', { text: SECRET });
    const view = await renderAccount();
    await view.user.click(await within(entityDialog()).findByRole('button', { name: 'Turn on two-step verification' }));
    const twoStep = await screen.findByTestId('two-step-dialog');

    expect(await within(twoStep).findByRole('img', { name: 'Two-step verification QR code' })).toBeTruthy();
    expect(within(twoStep).getByTestId('totp-secret').textContent).toBe('GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ');

    // a wrong code saves nothing
    const wrong = String((Number(authenticatorCode(SECRET)) + 500_000) % 1_000_000).padStart(6, '0');
    const code = within(twoStep).getByLabelText('Code from the app');
    await view.user.type(code, wrong);
    await view.user.click(within(twoStep).getByRole('button', { name: 'Turn on' }));
    expect((await within(twoStep).findByRole('alert')).textContent).toBe('The code does not match. Enter the code the app shows now.');
    expect(app.api.received('PUT', '/api/users/12')).toHaveLength(0);

    await view.fill(code, authenticatorCode(SECRET));
    await view.user.click(within(twoStep).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(app.api.received('PUT', '/api/users/12')).toHaveLength(1));
    expect(app.api.received('PUT', '/api/users/12')[0].json<User>().totpKey).toBe(SECRET);
    await waitFor(() => expect(screen.queryByTestId('two-step-dialog')).toBeNull());
    expect(sessionUser.get()?.totpKey).toBe(SECRET);
  });

  it('turns two-step verification off', async () => {
    const view = await renderAccount(makeUser({ id: 13, name: 'Bruno Lima', totpKey: '********' }));
    await view.user.click(within(entityDialog()).getByRole('button', { name: 'Two-step verification' }));
    const twoStep = await screen.findByTestId('two-step-dialog');
    expect(within(twoStep).getByText(/Two-step verification is on/)).toBeTruthy();
    await view.user.click(within(twoStep).getByRole('button', { name: 'Turn off' }));

    await waitFor(() => expect(screen.queryByTestId('two-step-dialog')).toBeNull());
    expect(app.api.received('PUT', '/api/users/13')).toHaveLength(1);
    expect(app.api.received('PUT', '/api/users/13')[0].json<User>().totpKey).toBeNull();
    expect(sessionUser.get()?.totpKey).toBeNull();
  });

  it('turning two-step verification off asks the server for no new secret', async () => {
    app.api.on('GET', '/api/server', serverReply({ attributes: { totpEnable: true } })).on('POST', '/api/users/totp', { text: SECRET });
    // requests are counted as they are made, not as they arrive, so none still on its way is missed
    const fetches = vi.spyOn(globalThis, 'fetch');
    try {
      const view = await renderAccount(makeUser({ id: 14, name: 'Carla Dias', totpKey: '********' }));
      await view.user.click(within(entityDialog()).getByRole('button', { name: 'Two-step verification' }));
      const twoStep = await screen.findByTestId('two-step-dialog');
      await view.user.click(within(twoStep).getByRole('button', { name: 'Turn off' }));

      await waitFor(() => expect(screen.queryByTestId('two-step-dialog')).toBeNull());
      expect(app.api.received('PUT', '/api/users/14')[0].json<User>().totpKey).toBeNull();
      const address = (input: RequestInfo | URL) => (input instanceof Request ? input.url : input.toString());
      const secretRequests = fetches.mock.calls.filter(([input, init]) => address(input).endsWith('/api/users/totp') && init?.method === 'POST');
      expect(secretRequests).toHaveLength(0);
    } finally {
      fetches.mockRestore();
    }
  });
});

describe('my account, map', () => {
  const MASK = '••••••';

  it('saves his own provider key, which the server answers masked, and sends the mask back to keep it', async () => {
    // as the server: a set key is answered masked (GET /api/session, PUT /api/users/{id})
    app.api.on('PUT', '/api/users/12', (request) => {
      const sent = request.json<User>();
      return { json: { ...sent, attributes: { ...sent.attributes, ...(sent.attributes.mapTilerKey ? { mapTilerKey: MASK } : {}) } } };
    });
    const view = await app.render(<AccountPage />, { path: '/account', user: me });
    await view.serverKnown();
    const key = () => textField(entityDialog(), 'MapTiler key');
    expect(key().type).toBe('password');
    expect(textField(entityDialog(), 'Mapbox access token').type).toBe('password');
    expect(within(entityDialog()).getAllByText(/Your own key: overrides the server's/)).toHaveLength(2);

    await view.fill(key(), 'my-maptiler-key');
    await saveEntity(view);
    expect(await noticeText()).toBe('Saved');
    expect(app.api.received('PUT', '/api/users/12')[0].json<User>().attributes).toEqual({ speedUnit: 'kmh', mapTilerKey: 'my-maptiler-key' });
    // read back masked, never in clear
    await waitFor(() => expect(key().value).toBe(MASK));
    expect(sessionUser.get()?.attributes.mapTilerKey).toBe(MASK);

    await view.fill(textField(entityDialog(), 'Phone'), '+5511955556666');
    await saveEntity(view);
    await waitFor(() => expect(app.api.received('PUT', '/api/users/12')).toHaveLength(2));
    expect(app.api.received('PUT', '/api/users/12')[1].json<User>().attributes.mapTilerKey).toBe(MASK);
  });

  it("shows a Traccar map value as ours, and an unknown one as itself, saving it unchanged", async () => {
    const view = await renderAccount(makeUser({ id: 14, name: 'Caio Dias', map: 'mapTilerBasic' }));
    expect(selectField(entityDialog(), 'Map').textContent).toBe('MapTiler streets');
    await saveEntity(view);
    await waitFor(() => expect(app.api.received('PUT', '/api/users/14')).toHaveLength(1));
    expect(app.api.received('PUT', '/api/users/14')[0].json<User>().map).toBe('mapTilerStreets');
    view.unmount();

    const other = await renderAccount(makeUser({ id: 15, name: 'Dora Reis', map: 'openTopoMap' }));
    expect(selectField(entityDialog(), 'Map').textContent).toBe('Other: openTopoMap');
    await other.fill(textField(entityDialog(), 'Phone'), '+5511977778888');
    await saveEntity(other);
    await waitFor(() => expect(app.api.received('PUT', '/api/users/15')).toHaveLength(1));
    expect(app.api.received('PUT', '/api/users/15')[0].json<User>().map).toBe('openTopoMap');
  });
});
