// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionUser } from '../../state/session.ts';
import { serverReply, setupComponentTests, type RenderedApp } from '../../testing/app.tsx';
import { makeUser } from '../../testing/fixtures.ts';
import LoginPage from './LoginPage.tsx';

const app = setupComponentTests();
const TOKEN_KEY = 'rastro.sessionToken';

const signedIn = makeUser({ id: 7, name: 'Ana Souza', email: 'ana@example.com' });

async function fillCredentials(view: Awaited<ReturnType<typeof app.render>>, email: string, password: string) {
  await view.user.type(screen.getByRole('textbox', { name: 'Username or e-mail' }), email);
  await view.user.type(screen.getByLabelText('Password'), password);
}

/** Types the credentials and presses Sign in. */
async function signIn(view: Awaited<ReturnType<typeof app.render>>, email: string, password: string) {
  await fillCredentials(view, email, password);
  await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** Clicks Register and answers its dialog. */
async function openRegistration(view: RenderedApp): Promise<HTMLElement> {
  await view.user.click(await screen.findByRole('button', { name: 'Register' }));
  return screen.findByRole('dialog', { name: 'Register' });
}

/** Types the given entries after what the fields hold, then presses Create account. */
async function submitRegistration(view: RenderedApp, dialog: HTMLElement, entries: { name?: string; email?: string; password?: string }) {
  if (entries.name) await view.user.type(within(dialog).getByRole('textbox', { name: 'First and last name' }), entries.name);
  if (entries.email) await view.user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), entries.email);
  if (entries.password) await view.user.type(within(dialog).getByLabelText('Password'), entries.password);
  await view.user.click(within(dialog).getByRole('button', { name: 'Create account' }));
}

describe('login form', () => {
  it('signs in with the typed credentials as a form post and goes to the map', async () => {
    app.api.json('POST', '/api/session', signedIn);
    const view = await app.render(<LoginPage />, { path: '/login' });

    await signIn(view, '  ana@example.com ', 's3cret');

    await waitFor(() => expect(view.location().pathname).toBe('/home'));
    const [post] = app.api.received('POST', '/api/session');
    expect(post.headers['content-type']).toContain('application/x-www-form-urlencoded');
    // the username is trimmed, the password sent as typed, no code without two-step verification
    expect(post.form()).toEqual({ email: 'ana@example.com', password: 's3cret' });
    expect(sessionUser.get()?.id).toBe(7);
  });

  it('returns to the page named by ?to= after signing in', async () => {
    app.api.json('POST', '/api/session', signedIn);
    const view = await app.render(<LoginPage />, { path: '/login?to=%2Freports%2Ftravels%3FdeviceId%3D3' });

    await signIn(view, 'ana', 'pw');

    await waitFor(() => expect(view.location().pathname).toBe('/reports/travels'));
    expect(view.location().search).toBe('?deviceId=3');
  });

  it('asks for both fields before sending anything', async () => {
    const view = await app.render(<LoginPage />, { path: '/login' });

    await view.user.type(screen.getByRole('textbox', { name: 'Username or e-mail' }), 'ana');
    await view.user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Please fill in all fields.');
    expect(app.api.received('POST', '/api/session')).toHaveLength(0);
  });

  it('says the credentials are wrong on a 401 and stays on the page', async () => {
    app.api.on('POST', '/api/session', { status: 401, text: 'Invalid credentials' });
    const view = await app.render(<LoginPage />, { path: '/login' });

    await signIn(view, 'ana', 'wrong');

    expect((await screen.findByRole('alert')).textContent).toBe('Sorry, it looks like you entered incorrect data.');
    expect(view.location().pathname).toBe('/login');
    expect(sessionUser.get()).toBeNull();
    // the button is usable again for another try
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveProperty('disabled', false);
  });

  it("words the server's refusal of a disabled account from the catalog", async () => {
    app.api.on('POST', '/api/session', { status: 400, text: 'User is disabled' });
    const view = await app.render(<LoginPage />, { path: '/login' });

    await signIn(view, 'ana', 'pw');

    expect((await screen.findByRole('alert')).textContent).toBe('User blocked, please contact the administrator.');
  });

  it('asks for the authenticator code when the server answers TOTP, and sends all three', async () => {
    app.api.on('POST', '/api/session', (request) =>
      request.form().code === '123456' ? { json: signedIn } : { status: 401, text: 'Code required', headers: { 'www-authenticate': 'TOTP' } },
    );
    const view = await app.render(<LoginPage />, { path: '/login' });

    await signIn(view, 'ana@example.com', 'pw');

    const code = await screen.findByRole('textbox', { name: 'Verification code' });
    // not an error: the password was right
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Username or e-mail' })).toBeNull();
    await view.user.type(code, '123456');
    await view.user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(view.location().pathname).toBe('/home'));
    const posts = app.api.received('POST', '/api/session');
    expect(posts.map((post) => post.form())).toEqual([
      { email: 'ana@example.com', password: 'pw' },
      { email: 'ana@example.com', password: 'pw', code: '123456' },
    ]);
  });

  it('keeps only digits in the code and refuses an incomplete one without a request', async () => {
    app.api.on('POST', '/api/session', { status: 401, text: 'Code required', headers: { 'www-authenticate': 'TOTP' } });
    const view = await app.render(<LoginPage />, { path: '/login' });
    await signIn(view, 'ana', 'pw');

    const code = await screen.findByRole('textbox', { name: 'Verification code' });
    await view.user.type(code, '12ab34');
    expect((code as HTMLInputElement).value).toBe('1234');
    await view.user.click(screen.getByRole('button', { name: 'Verify' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Enter the 6-digit code from your authenticator app.');
    expect(app.api.received('POST', '/api/session')).toHaveLength(1);
  });

  it('says the code is wrong on a second 401, and Back returns to an empty password', async () => {
    app.api.on('POST', '/api/session', (request) =>
      request.form().code ? { status: 401, text: 'Invalid code' } : { status: 401, text: 'Code required', headers: { 'www-authenticate': 'TOTP' } },
    );
    const view = await app.render(<LoginPage />, { path: '/login' });
    await signIn(view, 'ana', 'pw');
    await view.user.type(await screen.findByRole('textbox', { name: 'Verification code' }), '654321');
    await view.user.click(screen.getByRole('button', { name: 'Verify' }));

    expect((await screen.findByRole('alert')).textContent).toBe("Invalid verification code. Check your phone's clock and try again.");

    await view.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Username or e-mail' }).value).toBe('ana');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('remember me keeps a 30-day token of the server, never the password', async () => {
    app.api.json('POST', '/api/session', signedIn).on('POST', '/api/session/token', { text: 'tok-abc\n' });
    const view = await app.render(<LoginPage />, { path: '/login' });

    await fillCredentials(view, 'ana', 'pw');
    await view.user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    const before = Date.now();
    await view.user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(view.location().pathname).toBe('/home'));
    const [tokenRequest] = app.api.received('POST', '/api/session/token');
    const expiration = Date.parse(tokenRequest.form().expiration);
    expect(expiration - before).toBeGreaterThan(29.9 * 86_400_000);
    expect(expiration - before).toBeLessThan(30.1 * 86_400_000);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-abc');
    expect(Object.keys(localStorage).map((key) => localStorage.getItem(key))).not.toContain('pw');
  });

  it('signing in without remember me revokes the token kept from before', async () => {
    localStorage.setItem(TOKEN_KEY, 'old-token');
    app.api.json('POST', '/api/session', signedIn).on('POST', '/api/session/token/revoke', { status: 204 });
    const view = await app.render(<LoginPage />, { path: '/login' });

    await signIn(view, 'ana', 'pw');

    await waitFor(() => expect(view.location().pathname).toBe('/home'));
    expect(app.api.received('POST', '/api/session/token/revoke').map((request) => request.form())).toEqual([{ token: 'old-token' }]);
    expect(app.api.received('POST', '/api/session/token')).toHaveLength(0);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('lost password mails a reset link to the typed address', async () => {
    app.api.on('POST', '/api/password/reset', { status: 204 });
    const view = await app.render(<LoginPage />, { path: '/login' });
    await view.user.type(screen.getByRole('textbox', { name: 'Username or e-mail' }), 'ana@example.com');

    await view.user.click(screen.getByRole('button', { name: 'Lost password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lost password' });
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    // starts with what was typed as the username
    expect((email as HTMLInputElement).value).toBe('ana@example.com');
    await view.user.clear(email);
    await view.user.type(email, 'other@example.com');
    await view.user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByText('If the e-mail is registered, you will receive instructions to reset your password.')).toBeTruthy();
    expect(app.api.received('POST', '/api/password/reset').map((request) => request.form())).toEqual([{ email: 'other@example.com' }]);
    expect(within(dialog).queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('lost password refuses an empty address and shows the server refusal', async () => {
    app.api.on('POST', '/api/password/reset', { status: 400, text: 'Mail is not configured' });
    const view = await app.render(<LoginPage />, { path: '/login' });
    await view.user.click(screen.getByRole('button', { name: 'Lost password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lost password' });

    await view.user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Please fill in all fields.');
    expect(app.api.received('POST', '/api/password/reset')).toHaveLength(0);

    await view.user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ana@example.com');
    await view.user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Password recovery by e-mail is not available on this server. Contact your administrator.',
      ),
    );
  });

  it('offers registration only when the server allows it', async () => {
    const view = await app.render(<LoginPage />, { path: '/login' });
    await screen.findByRole('button', { name: 'Lost password' });
    // the server info has arrived (registration off) before asserting the link's absence
    await waitFor(() => expect(app.api.received('GET', '/api/server').length).toBeGreaterThan(0));
    await view.serverKnown();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it('registers a new account, checking the fields first, then fills the username', async () => {
    app.api
      .on('GET', '/api/server', serverReply({ registration: true }))
      .json('POST', '/api/users', makeUser({ id: 9, name: 'Bruno Lima', email: 'bruno@example.com' }));
    const view = await app.render(<LoginPage />, { path: '/login' });

    const dialog = await openRegistration(view);
    await submitRegistration(view, dialog, { name: 'Br', email: 'bruno@example.com', password: 'abc' });

    expect(within(dialog).getByText('Please input a name and lastname')).toBeTruthy();
    expect(within(dialog).getByText('Minimum 4 characters required')).toBeTruthy();
    expect(app.api.received('POST', '/api/users')).toHaveLength(0);

    await submitRegistration(view, dialog, { name: 'uno Lima', password: 'd' });

    expect(await screen.findByText('Account created. Sign in with your e-mail and password.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.api.received('POST', '/api/users').map((request) => request.json())).toEqual([
      { name: 'Bruno Lima', email: 'bruno@example.com', password: 'abcd' },
    ]);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Username or e-mail' }).value).toBe('bruno@example.com');
  });

  it('shows a refused registration inside the dialog', async () => {
    app.api
      .on('GET', '/api/server', serverReply({ registration: true }))
      .on('POST', '/api/users', { status: 400, text: 'User duplicate' });
    const view = await app.render(<LoginPage />, { path: '/login' });
    const dialog = await openRegistration(view);
    await submitRegistration(view, dialog, { name: 'Bruno Lima', email: 'bruno@example.com', password: 'abcd' });

    expect((await within(dialog).findByRole('alert')).textContent).toBe('User already registered');
  });

  it('the driver login has no lost password or registration and lands on the check-in screen', async () => {
    app.api.on('GET', '/api/server', serverReply({ registration: true })).json('POST', '/api/session', signedIn);
    const view = await app.render(<LoginPage driver />, { path: '/motorista' });
    expect(await screen.findByText('Driver access')).toBeTruthy();
    await view.serverKnown();
    expect(screen.queryByRole('button', { name: 'Lost password' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();

    await signIn(view, 'driver1', 'pw');
    await waitFor(() => expect(view.location().pathname).toBe('/qr-driver'));
  });

  it('offers the one-time trust unlock to a suspended customer, then signs in', async () => {
    let unlocked = false;
    app.api
      .on('POST', '/api/session', () => (unlocked ? { json: signedIn } : { status: 400, text: 'Account suspended, trust unlock available' }))
      .on('POST', '/tarkan/billing/trust-unlock', () => {
        unlocked = true;
        return { json: { trustUnlockUntil: '2030-01-01T00:00:00.000Z' } };
      });
    const view = await app.render(<LoginPage />, { path: '/login' });
    await signIn(view, 'ana', 'pw');

    expect((await screen.findByRole('alert')).textContent).toBe('Account suspended for non-payment. You may use the trust unlock once.');
    await view.user.click(screen.getByRole('button', { name: 'Unlock on trust' }));

    await waitFor(() => expect(view.location().pathname).toBe('/home'));
    expect(app.api.received('POST', '/tarkan/billing/trust-unlock').map((request) => request.form())).toEqual([{ email: 'ana', password: 'pw' }]);
    expect(app.api.received('POST', '/api/session')).toHaveLength(2);
  });

  it('switches the whole form to Portuguese from the language menu', async () => {
    const view = await app.render(<LoginPage />, { path: '/login' });
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'pt-BR');

    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('pt-BR');
  });

  it('names each language in itself, whatever the page\'s language', async () => {
    await app.render(<LoginPage />, { path: '/login' });
    const names = () => screen.getAllByRole('option').map((option) => option.textContent);
    expect(names()).toEqual(['Português (Brasil)', 'English (US)', 'Español']);
    await screen.findByRole('button', { name: 'Sign in' });
  });
});
