import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, postgresAvailable, redisAvailable, startTestServer, type Dialect, type TestServer, withServer, withTwoNodes } from './harness.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

/** Small limits, and the client's address taken from X-Forwarded-For, so one test machine is many clients. */
const LIMITS = {
  RASTRO_TRUST_PROXY: 'true',
  RASTRO_LOGIN_FAILURES_PER_ACCOUNT: '3',
  RASTRO_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: '2',
  RASTRO_LOGIN_FAILURES_PER_ADDRESS: '6',
  RASTRO_LOGIN_FAILURE_WINDOW: '600',
};

let nextAddress = 1;
/** A client address not used by any other test. */
const newAddress = () => `10.7.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

function signIn(base: string, email: string, password: string, address: string, extra: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    body: new URLSearchParams({ email, password, ...extra }).toString(),
  });
}

const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

function expectLimited(response: Response): void {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);
}

describe.each(dialects)('sign-in limits on %s', (dialect) => {
  const { server, admin } = withServer({ dialect, env: LIMITS });

  const newUser = (email: string, password = 'right-pass') => admin.json('POST', '/api/users', { name: email, email, password });

  it('locks an account after its failures, whatever addresses they came from, and only that account', async () => {
    await newUser('target@limits.test');
    await newUser('neighbour@limits.test');
    for (let i = 0; i < 3; i++) expect((await signIn(server.base, 'target@limits.test', 'wrong', newAddress())).status).toBe(401);
    // the right password from a fresh address: still refused until the window passes
    expectLimited(await signIn(server.base, 'TARGET@limits.test ', 'right-pass', newAddress()));
    // another account is untouched
    expect((await signIn(server.base, 'neighbour@limits.test', 'right-pass', newAddress())).status).toBe(200);
  });

  it("a guesser at one address locks out himself, not the account's owner at another", async () => {
    await newUser('owner@limits.test');
    const guesser = newAddress();
    for (let i = 0; i < 2; i++) expect((await signIn(server.base, 'owner@limits.test', 'wrong', guesser)).status).toBe(401);
    // the guesser's address is done with this account, even with the right password
    expectLimited(await signIn(server.base, 'owner@limits.test', 'right-pass', guesser));
    expectLimited(await signIn(server.base, 'owner@limits.test', 'wrong', guesser));
    // the owner, elsewhere, signs in: two failures are below the account-wide three
    expect((await signIn(server.base, 'owner@limits.test', 'right-pass', newAddress())).status).toBe(200);
  });

  it('limits one address across accounts, and leaves other addresses alone', async () => {
    const address = newAddress();
    for (let i = 0; i < 6; i++) expect((await signIn(server.base, `nobody-${i}@limits.test`, 'guess', address)).status).toBe(401);
    expectLimited(await signIn(server.base, ADMIN.email, ADMIN.password, address));
    expect((await signIn(server.base, ADMIN.email, ADMIN.password, newAddress())).status).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    await newUser('busy@limits.test');
    const address = newAddress();
    for (let i = 0; i < 12; i++) expect((await signIn(server.base, 'busy@limits.test', 'right-pass', address)).status).toBe(200);
    expect((await signIn(server.base, 'busy@limits.test', 'wrong', address)).status).toBe(401);
    expect((await signIn(server.base, 'busy@limits.test', 'right-pass', address)).status).toBe(200);
  });

  it('counts wrong Basic credentials, and refuses Basic ones too once the account is locked', async () => {
    await newUser('basic@limits.test');
    const call = (password: string) => fetch(`${server.base}/api/devices`, { headers: { authorization: basic('basic@limits.test', password), 'x-forwarded-for': newAddress() } });
    expect((await call('right-pass')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await call('wrong')).status).toBe(401);
    expectLimited(await call('right-pass'));
  });

  it('counts unknown tokens against the address; a valid token keeps working', async () => {
    const address = newAddress();
    const token = await (await admin.request('POST', '/api/session/token')).text();
    const call = (bearer: string) => fetch(`${server.base}/api/devices`, { headers: { authorization: `Bearer ${bearer}`, 'x-forwarded-for': address } });
    for (let i = 0; i < 5; i++) expect((await call(`guess-${i}`)).status).toBe(401);
    expectLimited(await call('guess-last'));
    expect((await fetch(`${server.base}/api/session?token=another-guess`, { headers: { 'x-forwarded-for': address } })).status).toBe(429);
    expect((await call(token)).status).toBe(200);
  });

  describe('hashing', () => {
    afterEach(() => vi.restoreAllMocks());

    it('costs an unknown account the same PBKDF2 derivation as a known one, with the same answer', async () => {
      await newUser('known@limits.test');
      const pbkdf2 = vi.spyOn(crypto, 'pbkdf2');
      const known = await signIn(server.base, 'known@limits.test', 'wrong', newAddress());
      expect(pbkdf2).toHaveBeenCalledTimes(1);
      const unknown = await signIn(server.base, 'unknown@limits.test', 'wrong', newAddress());
      expect(pbkdf2).toHaveBeenCalledTimes(2);
      expect([known.status, await known.text()]).toEqual([unknown.status, await unknown.text()]);
      expect(known.status).toBe(401);
    });
  });
});

describe('hashing off the event loop', () => {
  let server: TestServer;

  // limits off ("0"): 32 wrong passwords for one account all reach the hash
  beforeAll(async () => {
    server = await startTestServer({ dialect: 'sqlite', env: { RASTRO_LOGIN_FAILURES_PER_ACCOUNT: '0', RASTRO_LOGIN_FAILURES_PER_ADDRESS: '0' } });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await server?.stop();
  });

  it('answers /api/server while 32 wrong logins are being hashed', async () => {
    const original = crypto.pbkdf2;
    let busy!: () => void;
    const hashing = new Promise<void>((resolve) => (busy = resolve));
    vi.spyOn(crypto, 'pbkdf2').mockImplementation(((...args: unknown[]) => {
      const done = args.pop() as (error: Error | null, key: Buffer) => void;
      busy();
      (original as (...a: unknown[]) => void)(...args, done);
    }));

    let finished = 0;
    const logins = Array.from({ length: 32 }, () =>
      fetch(`${server.base}/api/devices`, { headers: { authorization: basic(ADMIN.email, 'wrong') } }).then((response) => {
        finished++;
        return response.status;
      }));
    // hashing has begun (on the thread pool: a synchronous derivation never calls crypto.pbkdf2)
    await hashing;
    const info = await fetch(`${server.base}/api/server`);
    expect(info.status).toBe(200);
    expect(finished).toBeLessThan(32);
    // and no limit when the limits are 0
    expect(await Promise.all(logins)).toEqual(Array(32).fill(401));
  });
});

const multiNode = (await postgresAvailable()) && (await redisAvailable());

describe.runIf(multiNode)('sign-in limits shared by two nodes through Redis', () => {
  const { a, b } = withTwoNodes({ env: LIMITS });
  let elsewhere: TestServer;

  beforeAll(async () => {
    // another deployment on the same Redis (its own database) keeps its own counters
    elsewhere = await startTestServer({ dialect: 'postgres', redis: true, env: LIMITS });
  });
  afterAll(async () => elsewhere?.stop());

  it('locks an account on every node after failures on one', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(a.base, ADMIN.email, 'wrong', newAddress())).status).toBe(401);
    expectLimited(await signIn(b.base, ADMIN.email, ADMIN.password, newAddress()));
    expectLimited(await signIn(a.base, ADMIN.email, ADMIN.password, newAddress()));
    expect((await signIn(elsewhere.base, ADMIN.email, ADMIN.password, newAddress())).status).toBe(200);
  });
});
