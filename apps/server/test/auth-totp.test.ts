import { Secret, TOTP } from 'otpauth';
import { TOTP_KEY_MASK } from '@rastro/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { totpCodeMatches } from '../src/api/traccar/totp.ts';
import { postgresAvailable, type Dialect, withServer } from './harness.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const codeAt = (key: string, timestamp = Date.now()) => TOTP.generate({ secret: Secret.fromBase32(key), algorithm: 'SHA1', digits: 6, period: 30, timestamp });

/** A six-digit code that is none of the ones accepted now (or in the next step, should the clock turn). */
function wrongCode(key: string): string {
  const now = Date.now();
  const accepted = new Set([-30_000, 0, 30_000, 60_000].map((shift) => codeAt(key, now + shift)));
  let code = Number(codeAt(key, now));
  while (accepted.has(String(code).padStart(6, '0'))) code = (code + 1) % 1_000_000;
  return String(code).padStart(6, '0');
}

function signIn(base: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('one-time codes', () => {
  const key = new Secret({ size: 20 }).base32;
  const now = Date.now();

  it('accepts the current code and one step either side, nothing further', () => {
    expect(totpCodeMatches(key, codeAt(key, now), now)).toBe(true);
    expect(totpCodeMatches(key, codeAt(key, now - 30_000), now)).toBe(true);
    expect(totpCodeMatches(key, codeAt(key, now + 30_000), now)).toBe(true);
    expect(totpCodeMatches(key, codeAt(key, now - 90_000), now)).toBe(false);
  });

  it('matches no code for a malformed code or key', () => {
    expect(totpCodeMatches(key, '12345', now)).toBe(false);
    expect(totpCodeMatches(key, 'abcdef', now)).toBe(false);
    expect(totpCodeMatches('not base32!', '123456', now)).toBe(false);
    expect(totpCodeMatches('', '123456', now)).toBe(false);
  });
});

describe.each(dialects)('two-step sign-in on %s', (dialect) => {
  const { server, admin } = withServer({ dialect, env: { RASTRO_LOGIN_FAILURES_PER_ACCOUNT: '3' } });

  beforeAll(async () => {
    await setTotpEnable(true);
  });

  async function setTotpEnable(on: boolean): Promise<void> {
    await admin.setServerAttributes({ totpEnable: on });
  }

  /** A user with a one-time key, set as the web app does: generated, then saved on the user. */
  async function userWithKey(email: string): Promise<{ id: number; key: string }> {
    const user = await admin.json('POST', '/api/users', { name: email, email, password: 'right-pass' });
    const generated = await admin.request('POST', '/api/users/totp');
    expect(generated.status).toBe(200);
    expect(generated.headers.get('content-type')).toMatch(/^text\/plain/);
    const key = await generated.text();
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await admin.json('PUT', `/api/users/${user.id}`, { ...user, totpKey: key });
    return { id: user.id, key };
  }

  it('generates keys only when the server enables them, and stores nothing until the user saves one', async () => {
    await setTotpEnable(false);
    const off = await fetch(`${server.base}/api/users/totp`, { method: 'POST' });
    expect([off.status, await off.text()]).toEqual([400, 'One-time password is disabled']);
    await setTotpEnable(true);
    // public, as in Traccar (the registration form asks for one)
    const first = await fetch(`${server.base}/api/users/totp`, { method: 'POST' });
    const second = await fetch(`${server.base}/api/users/totp`, { method: 'POST' });
    expect(first.status).toBe(200);
    expect(await first.text()).not.toBe(await second.text());
    expect((await admin.json('GET', '/api/session')).totpKey).toBeNull();
  });

  it('never sends the key back: a set key reads as the mask, saving the mask keeps it, null turns it off', async () => {
    const { id, key } = await userWithKey('masked@totp.test');
    const read = await admin.json('GET', `/api/users/${id}`);
    expect(read.totpKey).toBe(TOTP_KEY_MASK);
    expect(JSON.stringify(await admin.json('GET', '/api/users'))).not.toContain(key);
    // a client saving the user as it read it (the web app's My account, Traccar Manager) keeps the key
    await admin.json('PUT', `/api/users/${id}`, { ...read, name: 'Renamed' });
    expect((await signIn(server.base, { email: 'masked@totp.test', password: 'right-pass' })).headers.get('www-authenticate')).toBe('TOTP');
    expect((await signIn(server.base, { email: 'masked@totp.test', password: 'right-pass', code: codeAt(key) })).status).toBe(200);
    // a key that is not base32 would lock the user out: refused, and nothing changes
    const bad = await admin.request('PUT', `/api/users/${id}`, { ...read, totpKey: 'not-a-key!' });
    expect(bad.status).toBe(400);
    expect((await signIn(server.base, { email: 'masked@totp.test', password: 'right-pass' })).headers.get('www-authenticate')).toBe('TOTP');
    await admin.json('PUT', `/api/users/${id}`, { ...read, totpKey: null });
    expect((await admin.json('GET', `/api/users/${id}`)).totpKey).toBeNull();
    expect((await signIn(server.base, { email: 'masked@totp.test', password: 'right-pass' })).status).toBe(200);
  });

  it('asks for the code with WWW-Authenticate: TOTP, then signs in with it', async () => {
    const { key } = await userWithKey('two-step@totp.test');
    const asked = await signIn(server.base, { email: 'two-step@totp.test', password: 'right-pass' });
    expect(asked.status).toBe(401);
    expect(asked.headers.get('www-authenticate')).toBe('TOTP');
    expect(asked.headers.get('set-cookie')).toBeNull();

    const signed = await signIn(server.base, { email: 'two-step@totp.test', password: 'right-pass', code: codeAt(key) });
    expect(signed.status).toBe(200);
    expect(signed.headers.get('set-cookie')).toMatch(/JSESSIONID=/);
    expect(((await signed.json()) as { email: string }).email).toBe('two-step@totp.test');
    // the previous step's code still works (a code typed as the clock turns)
    expect((await signIn(server.base, { email: 'two-step@totp.test', password: 'right-pass', code: codeAt(key, Date.now() - 30_000) })).status).toBe(200);
  });

  it('tells nothing about the code before the password is right', async () => {
    await userWithKey('quiet@totp.test');
    const wrong = await signIn(server.base, { email: 'quiet@totp.test', password: 'wrong' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBeNull();
  });

  it('refuses a wrong code, and counts it as a failed sign-in', async () => {
    const { key } = await userWithKey('guessed@totp.test');
    for (let i = 0; i < 3; i++) {
      const refused = await signIn(server.base, { email: 'guessed@totp.test', password: 'right-pass', code: wrongCode(key) });
      expect([refused.status, await refused.text()]).toEqual([401, 'User authorization failed']);
      expect(refused.headers.get('www-authenticate')).toBeNull();
    }
    const locked = await signIn(server.base, { email: 'guessed@totp.test', password: 'right-pass', code: codeAt(key) });
    expect(locked.status).toBe(429);
  });

  it('refuses Basic credentials of an account with a key, which cannot carry the code', async () => {
    await userWithKey('basic@totp.test');
    const authorization = `Basic ${Buffer.from('basic@totp.test:right-pass').toString('base64')}`;
    expect((await fetch(`${server.base}/api/devices`, { headers: { authorization } })).status).toBe(401);
  });

  it('signs in without a code once the key is cleared', async () => {
    const { id } = await userWithKey('cleared@totp.test');
    const user = await admin.json('GET', `/api/users/${id}`);
    await admin.json('PUT', `/api/users/${id}`, { ...user, totpKey: null });
    expect((await signIn(server.base, { email: 'cleared@totp.test', password: 'right-pass' })).status).toBe(200);
  });
});
