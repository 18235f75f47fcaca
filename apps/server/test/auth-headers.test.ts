import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, postgresAvailable, startTestServer, type Dialect, type TestServer, withServer } from './harness.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const form = (fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams(fields).toString(),
});
const adminForm = (headers: Record<string, string> = {}) => form({ email: ADMIN.email, password: ADMIN.password }, headers);
const cookieOf = (response: Response) => response.headers.get('set-cookie')?.match(/JSESSIONID=[^;]+/)?.[0] ?? '';

/** CSP directives by name. */
function csp(response: Response): Map<string, string[]> {
  const policy = response.headers.get('content-security-policy') ?? '';
  return new Map(policy.split(';').map((part) => part.trim().split(/\s+/)).filter((words) => words[0]).map(([name, ...values]) => [name, values]));
}

describe.each(dialects)('security headers, cookies and origins on %s', (dialect) => {
  const { server, admin } = withServer({ dialect });

  it('sends a CSP fitted to the web app, no framing by other sites, nosniff and a referrer policy', async () => {
    const response = await fetch(`${server.base}/api/server`);
    const policy = csp(response);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https:']));
    expect(policy.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https:']));
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('allows the plain-http tile server the server names', async () => {
    const settings = await admin.setServer({ mapUrl: 'http://tiles.lan:8080/{z}/{x}/{y}.png' });
    const policy = csp(await fetch(`${server.base}/api/server`));
    expect(policy.get('img-src')).toContain('http://tiles.lan:8080');
    expect(policy.get('connect-src')).toContain('http://tiles.lan:8080');
    await admin.json('PUT', '/api/server', { ...settings, mapUrl: null });
  });

  it('answers no CORS to another site, by default', async () => {
    const response = await fetch(`${server.base}/api/server`, { headers: { origin: 'https://evil.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await fetch(`${server.base}/api/devices`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets a session opened without an Origin be used from this server\'s pages only', async () => {
    const opened = await fetch(`${server.base}/api/session`, adminForm());
    const cookie = cookieOf(opened);
    const session = (origin?: string) => fetch(`${server.base}/api/session`, { headers: { cookie, ...(origin ? { origin } : {}) } });
    expect((await session()).status).toBe(200);
    expect((await session(server.base)).status).toBe(200);
    expect((await session('https://evil.example')).status).toBe(404);
    expect((await session('http://127.0.0.1.evil.example')).status).toBe(404);
    // behind a proxy that rewrites Host, the browser's own word that the page is this site's
    const proxied = (site: string) => fetch(`${server.base}/api/session`, { headers: { cookie, origin: 'https://frota.example', 'sec-fetch-site': site } });
    expect((await proxied('same-origin')).status).toBe(200);
    expect((await proxied('cross-site')).status).toBe(404);
  });

  it('keeps a session opened from a page to that page\'s origin and this server', async () => {
    const cookie = cookieOf(await fetch(`${server.base}/api/session`, adminForm({ origin: 'http://localhost:5173' })));
    const session = (origin: string) => fetch(`${server.base}/api/session`, { headers: { cookie, origin } });
    expect((await session('http://localhost:5173')).status).toBe(200);
    expect((await session(server.base)).status).toBe(200);
    expect((await session('https://evil.example')).status).toBe(404);
  });

  it('never marks the cookie Secure over plain http, nor trusts X-Forwarded-Proto without RASTRO_TRUST_PROXY', async () => {
    const response = await fetch(`${server.base}/api/session`, adminForm({ 'x-forwarded-proto': 'https' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).not.toMatch(/;\s*Secure/i);
  });

  it('answers 400 to a body nested thousands deep, and changes nothing', async () => {
    let nested: unknown = 'bottom';
    for (let i = 0; i < 3000; i++) nested = { deeper: nested };
    const device = await admin.json('POST', '/api/devices', { name: 'Nested', uniqueId: `nested-${dialect}` });
    const response = await admin.request('PUT', `/api/devices/${device.id}`, { ...device, attributes: { nested } });
    expect([response.status, await response.text()]).toEqual([400, 'JSON nested deeper than 32 levels']);
    expect((await admin.json('GET', `/api/devices?id=${device.id}`))[0].attributes).toEqual({});
    // ordinary nesting is fine
    const shallow = await admin.json('PUT', `/api/devices/${device.id}`, { ...device, attributes: { a: { b: { c: [1, { d: 2 }] } } } });
    expect(shallow.attributes).toEqual({ a: { b: { c: [1, { d: 2 }] } } });
  });
});

describe('behind a TLS proxy, with allowed origins', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      dialect: 'sqlite',
      env: { RASTRO_TRUST_PROXY: 'true', RASTRO_CORS_ORIGINS: 'https://app.example.com', RASTRO_FRAME_ANCESTORS: "'self' https://portal.example.com" },
    });
  });
  afterAll(async () => server?.stop());

  it('marks the cookie Secure when the proxy says the request came over https', async () => {
    const secure = await fetch(`${server.base}/api/session`, adminForm({ 'x-forwarded-proto': 'https' }));
    expect(secure.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
    const plain = await fetch(`${server.base}/api/session`, adminForm());
    expect(plain.headers.get('set-cookie')).not.toMatch(/;\s*Secure/i);
  });

  it('answers CORS with credentials to the configured origin only', async () => {
    const allowed = await fetch(`${server.base}/api/server`, { headers: { origin: 'https://app.example.com' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(allowed.headers.get('vary')).toMatch(/origin/i);
    const refused = await fetch(`${server.base}/api/server`, { headers: { origin: 'https://evil.example' } });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    // and a session opened elsewhere may be used from the configured origin
    const cookie = cookieOf(await fetch(`${server.base}/api/session`, adminForm()));
    expect((await fetch(`${server.base}/api/session`, { headers: { cookie, origin: 'https://app.example.com' } })).status).toBe(200);
  });

  it('lets the configured sites frame the app', async () => {
    const response = await fetch(`${server.base}/api/server`);
    expect(csp(response).get('frame-ancestors')).toEqual(["'self'", 'https://portal.example.com']);
    expect(response.headers.get('x-frame-options')).toBeNull();
  });
});
