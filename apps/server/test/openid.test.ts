import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, Client, startTestServer, withServer, type TestServer } from './harness.ts';
import { startOidcProvider, type OidcProvider } from './oidc-provider.ts';

/**
 * OpenID Connect sign-in (GET /api/session/openid/auth and /callback) against a real provider on
 * loopback (oidc-provider.ts): the code flow with PKCE and state, accounts found or created by
 * e-mail, the admin and allow groups, and every refusal leaving no session.
 */

/** Where users reach the app: the provider sends them back here; the test carries them to the server. */
const PUBLIC = 'http://rastro.test';

const cookieOf = (response: Response, name: string) =>
  response.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith(`${name}=`)) ?? null;

describe('OpenID Connect sign-in', () => {
  let provider: OidcProvider;
  let server: TestServer;
  let admin: Client;

  beforeAll(async () => {
    provider = await startOidcProvider();
    server = await startTestServer({
      dialect: 'sqlite',
      env: {
        RASTRO_PUBLIC_URL: PUBLIC, RASTRO_OPENID_ISSUER_URL: provider.issuer, RASTRO_OPENID_CLIENT_ID: provider.clientId,
        RASTRO_OPENID_CLIENT_SECRET: provider.clientSecret, RASTRO_OPENID_ADMIN_GROUP: 'fleet-admins', RASTRO_OPENID_ALLOW_GROUP: 'fleet',
      },
    });
    admin = await Client.login(server.base, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await server?.stop();
    await provider?.close();
  });

  /** The browser's round trip: to the provider and back; answers the callback's response. */
  async function signIn(tamper: (callback: URL) => void = () => undefined, withPending = true): Promise<Response> {
    const start = await fetch(`${server.base}/api/session/openid/auth`, { redirect: 'manual' });
    expect(start.status).toBe(303);
    const pending = cookieOf(start, 'rastro_openid');
    expect(pending).not.toBeNull();
    const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    expect(atProvider.status).toBe(302);
    const back = new URL(atProvider.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC}/api/session/openid/callback`);
    tamper(back);
    return fetch(`${server.base}${back.pathname}${back.search}`, { redirect: 'manual', headers: withPending ? { cookie: pending! } : {} });
  }

  async function sessionUser(callback: Response): Promise<Record<string, unknown>> {
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe(`${PUBLIC}/?openid=success`);
    const session = cookieOf(callback, 'JSESSIONID');
    expect(session).not.toBeNull();
    const me = await fetch(`${server.base}/api/session`, { headers: { cookie: session! } });
    expect(me.status).toBe(200);
    return (await me.json()) as Record<string, unknown>;
  }

  it('tells the web app it is on, and asks the provider with PKCE, state and the groups claim', async () => {
    expect(await admin.json('GET', '/api/server')).toMatchObject({ openIdEnabled: true, openIdForce: false });
    const start = await fetch(`${server.base}/api/session/openid/auth`, { redirect: 'manual' });
    const target = new URL(start.headers.get('location')!);
    expect(`${target.origin}${target.pathname}`).toBe(`${provider.issuer}/authorize`);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      response_type: 'code', client_id: 'rastro', redirect_uri: `${PUBLIC}/api/session/openid/callback`,
      scope: 'openid profile email groups', code_challenge_method: 'S256',
    });
    expect(target.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
  });

  it('refuses a user outside the allowed group, and one when registration is closed', async () => {
    provider.user = { sub: 'u-9', email: 'outsider@example.com', name: 'Outsider', groups: ['visitors'] };
    const outsider = await signIn();
    expect([outsider.status, await outsider.text()]).toEqual([400, 'Your OpenID Groups do not permit access']);
    expect(cookieOf(outsider, 'JSESSIONID')).toBeNull();
    provider.user = { sub: 'u-2', email: 'bruno@example.com', name: 'Bruno', groups: ['fleet'] };
    const closed = await signIn();
    expect([closed.status, await closed.text()]).toEqual([400, 'Registration disabled']);
    expect((await admin.json<{ email: string }[]>('GET', '/api/users')).some((u) => u.email === 'bruno@example.com')).toBe(false);
  });

  it('creates the account on a first sign-in with registration open, and signs the same account in again', async () => {
    await admin.setServer({ registration: true });
    provider.user = { sub: 'u-2', email: 'Bruno@Example.com', name: 'Bruno Lima', groups: ['fleet'] };
    const first = await sessionUser(await signIn());
    expect(first).toMatchObject({ email: 'Bruno@Example.com', name: 'Bruno Lima', administrator: false, fixedEmail: true });
    provider.user = { sub: 'u-2', email: 'bruno@example.com', name: 'Bruno L.', groups: ['fleet', 'fleet-admins'] };
    const again = await sessionUser(await signIn());
    // the same account, its name and role as the provider says now
    expect(again).toMatchObject({ id: first.id, name: 'Bruno L.', administrator: true });
  });

  it('refuses a callback that is not the answer to this browser\'s request', async () => {
    provider.user = { sub: 'u-2', email: 'bruno@example.com', name: 'Bruno L.', groups: ['fleet'] };
    const forged = await signIn((url) => url.searchParams.set('state', 'someone-elses'));
    expect(forged.status).toBe(400);
    expect(await forged.text()).toMatch(/^OpenID sign-in failed: /);
    const noPending = await signIn(undefined, false);
    expect([noPending.status, await noPending.text()]).toEqual([400, 'OpenID sign-in expired or not started here: start again']);
    const badCode = await signIn((url) => url.searchParams.set('code', 'guessed'));
    expect(badCode.status).toBe(400);
    expect(cookieOf(badCode, 'JSESSIONID')).toBeNull();
  });
});

describe('OpenID Connect not configured', () => {
  const { server } = withServer({ dialect: 'sqlite' });

  it('answers 400 as Traccar, and the web app is told it is off', async () => {
    for (const path of ['auth', 'callback?code=x&state=y']) {
      const response = await fetch(`${server.base}/api/session/openid/${path}`, { redirect: 'manual' });
      expect([response.status, await response.text()]).toEqual([400, 'OpenID not enabled']);
    }
    expect(await (await fetch(`${server.base}/api/server`)).json()).toMatchObject({ openIdEnabled: false, openIdForce: false });
  });
});
