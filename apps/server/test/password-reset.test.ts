import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, Client, postgresAvailable, startTestServer, type Dialect, type TestServer, withServer } from './harness.ts';
import { startSmtp, type Received } from './smtp.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const PUBLIC_URL = 'https://frota.example.com/rastreio';

/** The message's text: quoted-printable soft breaks joined and escapes decoded (the texts are UTF-8). */
function mailText(data: string): string {
  const body = data.slice(data.indexOf('\r\n\r\n') + 4).replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const hex = body[i] === '=' ? /^[0-9A-F]{2}$/.exec(body.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(body[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function linkOf(mail: Received): URL {
  const match = /https?:\/\/\S+reset-password\?token=[\w-]+/.exec(mailText(mail.data));
  if (!match) throw new Error(`no link in ${mail.data}`);
  return new URL(match[0]);
}

/** A raw request, so the Host and Origin headers can be forged as an attacker would. */
function rawForm(base: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; type: string | undefined; body: string }> {
  const url = new URL(base + path);
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: url.hostname, port: url.port, path: url.pathname, method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), ...headers },
    }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(dialects)('lost password on %s', (dialect) => {
  // links one after another for one account: no resend interval here (its own test below)
  const { server, admin } = withServer({ dialect, env: { RASTRO_PUBLIC_URL: `${PUBLIC_URL}/`, RASTRO_PASSWORD_RESET_RESEND_SECONDS: '0' } });
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const anonymous = () => new Client(server.base);
  const reset = (email: string) => anonymous().form('/api/password/reset', { email });
  const update = (token: string, password: string) => anonymous().form('/api/password/update', { token, password });

  /** Asks for a link for `email` and returns it once its mail is in. */
  async function requestLink(email: string): Promise<URL> {
    const before = smtp.mails.length;
    expect((await reset(email)).status).toBe(200);
    await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBe(before + 1);
    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toEqual([email]);
    return linkOf(mail);
  }

  const tokenOf = (link: URL) => link.searchParams.get('token')!;

  beforeAll(async () => {
    smtp = await startSmtp();
    await admin.json('POST', '/api/users', { name: 'Motorista Um', email: 'um@frota.example', password: 'antiga-1' });
    await admin.json('POST', '/api/users', { name: 'Conductor Dos', email: 'dos@frota.example', password: 'antigua-2', attributes: { 'tarkan.lang': 'es' } });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('refuses alike for every address while mail is not configured, and sends nothing', async () => {
    const known = await reset('um@frota.example');
    const unknown = await reset('ninguem@frota.example');
    expect(known.status).toBe(400);
    expect(await known.text()).toBe('Mail is not configured');
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toBe('Mail is not configured');
    await admin.json('POST', '/tarkan/integrations/email', { smtpHost: '127.0.0.1', smtpPort: smtp.port, senderEmail: 'nao-responda@frota.example', senderName: 'Frota' });
    expect(smtp.mails).toHaveLength(0);
  });

  it('mails a link to the configured address, whatever Host and Origin the request carries', async () => {
    const before = smtp.mails.length;
    const answer = await rawForm(server.base, '/api/password/reset', { email: 'UM@frota.example' }, { host: 'evil.example', origin: 'http://evil.example' });
    expect(answer.status).toBe(200);
    await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBe(before + 1);
    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toEqual(['um@frota.example']);
    expect(mail.data).toContain('From: Frota <nao-responda@frota.example>');
    // pt-BR unless the account says otherwise
    expect(mailText(mail.data)).toContain('Recebemos um pedido para redefinir a senha');
    const link = linkOf(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
    // a random 32-byte secret, kept in the database only as its SHA-256
    const token = tokenOf(link);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await server.rastro.db.kysely.selectFrom('tc_password_resets').selectAll().execute();
    expect(rows.map((r) => r.id)).toEqual([crypto.createHash('sha256').update(token).digest('hex')]);
  });

  it('writes in the language of the account', async () => {
    const before = smtp.mails.length;
    await reset('dos@frota.example');
    await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBe(before + 1);
    expect(mailText(smtp.mails.at(-1)!.data)).toContain('Recibimos una solicitud para restablecer la contraseña');
  });

  it("writes to an account without a language in the server's tarkan.lang", async () => {
    const settings = await admin.setServerAttributes({ 'tarkan.lang': 'es' });
    try {
      await requestLink('um@frota.example');
      expect(mailText(smtp.mails.at(-1)!.data)).toContain('Recibimos una solicitud para restablecer la contraseña');
    } finally {
      await admin.json('PUT', '/api/server', settings);
    }
  });

  it('answers an unknown address exactly as a known one, and sends it nothing', async () => {
    const before = smtp.mails.length;
    const unknown = await rawForm(server.base, '/api/password/reset', { email: 'ninguem@frota.example' });
    const known = await rawForm(server.base, '/api/password/reset', { email: 'um@frota.example' });
    expect(unknown).toEqual(known);
    expect(unknown.body).toBe('');
    // the jobs run in order: once the known address's mail is in, the unknown one's job is done
    await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBe(before + 1);
    expect(smtp.mails.slice(before).flatMap((m) => m.to)).toEqual(['um@frota.example']);
  });

  it('sets the new password once, ending every session and token the account had', async () => {
    const session = await Client.login(server.base, 'um@frota.example', 'antiga-1');
    const apiToken = await (await session.request('POST', '/api/session/token')).text();
    expect((await anonymous().request('GET', `/api/session?token=${encodeURIComponent(apiToken)}`)).status).toBe(200);

    const live = session.socket();
    await live.opened;
    const closed = new Promise<void>((resolve) => live.ws.once('close', () => resolve()));

    const token = tokenOf(await requestLink('um@frota.example'));
    const done = await update(token, 'nova-senha-1');
    expect(done.status).toBe(200);

    // the open live socket ends with the session that opened it
    await closed;

    expect((await session.request('GET', '/api/devices')).status).toBe(401);
    expect((await anonymous().request('GET', `/api/session?token=${encodeURIComponent(apiToken)}`)).status).toBe(401);
    expect((await anonymous().form('/api/session', { email: 'um@frota.example', password: 'antiga-1' })).status).toBe(401);
    await Client.login(server.base, 'um@frota.example', 'nova-senha-1');

    // single use
    const again = await update(token, 'outra-senha');
    expect(again.status).toBe(400);
    expect(await again.text()).toBe('Invalid token');
    await Client.login(server.base, 'um@frota.example', 'nova-senha-1');
  });

  it('keeps only the newest link of an account', async () => {
    const older = tokenOf(await requestLink('um@frota.example'));
    const newer = tokenOf(await requestLink('um@frota.example'));
    const refused = await update(older, 'senha-velha');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe('Invalid token');
    expect((await update(newer, 'senha-nova-2')).status).toBe(200);
    await Client.login(server.base, 'um@frota.example', 'senha-nova-2');
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const token = tokenOf(await requestLink('um@frota.example'));
    // the link's hour has passed
    await server.rastro.db.kysely.updateTable('tc_password_resets').set({ expiresTime: Date.now() - 1 }).execute();
    const refused = await update(token, 'tarde-demais');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe('Token has expired');
    await Client.login(server.base, 'um@frota.example', 'senha-nova-2');
  });

  it('refuses bad input with a clear message, without spending the link', async () => {
    const missing = await anonymous().form('/api/password/reset', {});
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('email');
    const token = tokenOf(await requestLink('um@frota.example'));
    const empty = await update(token, '');
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('password is required');
    expect((await update('not-a-token', 'x1234')).status).toBe(400);
    expect((await update(token, 'senha-nova-3')).status).toBe(200);
    await Client.login(server.base, 'um@frota.example', 'senha-nova-3');
  });
});

describe('lost password without RASTRO_PUBLIC_URL', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ dialect: 'sqlite' });
    const admin = await Client.login(server.base, ADMIN.email, ADMIN.password);
    await admin.json('POST', '/tarkan/integrations/email', { smtpHost: '127.0.0.1', smtpPort: smtp.port, senderEmail: 'nao-responda@frota.example' });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('refuses rather than build the link from the request, alike for every address', async () => {
    const known = await rawForm(server.base, '/api/password/reset', { email: ADMIN.email }, { host: 'evil.example' });
    const unknown = await rawForm(server.base, '/api/password/reset', { email: 'ninguem@frota.example' }, { host: 'evil.example' });
    expect(known).toEqual(unknown);
    expect(known.status).toBe(400);
    expect(known.body).toBe('Public URL is not configured');
    const rows = await server.rastro.db.kysely.selectFrom('tc_password_resets').selectAll().execute();
    expect(rows).toHaveLength(0);
    expect(smtp.mails).toHaveLength(0);
  });
});

describe('lost password asked again and again for one account', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ dialect: 'sqlite', env: { RASTRO_PUBLIC_URL: PUBLIC_URL } });
    const admin = await Client.login(server.base, ADMIN.email, ADMIN.password);
    await admin.json('POST', '/tarkan/integrations/email', { smtpHost: '127.0.0.1', smtpPort: smtp.port, senderEmail: 'nao-responda@frota.example' });
    await admin.json('POST', '/api/users', { name: 'Alvo', email: 'alvo@frota.example', password: 'antiga-1' });
    await admin.json('POST', '/api/users', { name: 'Outro', email: 'outro@frota.example', password: 'antiga-2' });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('mails one link per resend interval, answering every request alike', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await rawForm(server.base, '/api/password/reset', { email: 'alvo@frota.example' }));
    expect(new Set(answers.map((a) => `${a.status} ${a.body}`))).toEqual(new Set(['200 ']));
    // another account's request runs after those five (one job at a time): once its mail is in, they are done
    await rawForm(server.base, '/api/password/reset', { email: 'outro@frota.example' });
    await expect.poll(() => smtp.mails.some((m) => m.to.includes('outro@frota.example')), { timeout: 10_000 }).toBe(true);
    expect(smtp.mails.filter((m) => m.to.includes('alvo@frota.example'))).toHaveLength(1);
  });
});
