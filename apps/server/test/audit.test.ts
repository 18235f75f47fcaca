import { describe, expect, it } from 'vitest';
import { AUDIT_DATA_LIMIT, auditData } from '../src/api/audit.ts';
import { MASK, maskSecrets } from '../src/domain/secrets.ts';
import { postgresAvailable, type Dialect, withServer } from './harness.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

describe('audit entry data', () => {
  it('masks every secret, whatever object it sits in', () => {
    const body = {
      name: 'Fleet', password: 'p1', totpKey: 'JBSWY3DP',
      attributes: { 'tarkan.qrPassword': 'qr', mapTilerKey: 'mk', notificationTokens: 'fcm', plate: 'ABC1D23' },
      list: [{ apiKey: 'k1', accessToken: 't1', webhookToken: 'w1', clientSecret: 's1' }],
    };
    expect(maskSecrets(body)).toEqual({
      name: 'Fleet', password: MASK, totpKey: MASK,
      attributes: { 'tarkan.qrPassword': MASK, mapTilerKey: MASK, notificationTokens: MASK, plate: 'ABC1D23' },
      list: [{ apiKey: MASK, accessToken: MASK, webhookToken: MASK, clientSecret: MASK }],
    });
    expect(body.password).toBe('p1'); // a copy: the request keeps its body
  });

  it('is valid JSON within the limit for any body: long texts, long lists, wide and deep objects', () => {
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 3000; i++) deep = (deep.a = {});
    const wide = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`key-${'k'.repeat(300)}-${i}`, 'v'.repeat(300)]));
    for (const body of [{ note: 'x'.repeat(10_000) }, { ids: Array.from({ length: 5000 }, (_, i) => i) }, wide, root, 'text', null]) {
      const data = auditData(body);
      expect(data.length).toBeLessThanOrEqual(AUDIT_DATA_LIMIT);
      expect(() => JSON.parse(data)).not.toThrow();
    }
  });
});

describe.each(dialects)('audit log on %s', (dialect) => {
  const { server, admin } = withServer({ dialect });

  const stored = (deviceId: number) =>
    server.rastro.db.kysely.selectFrom('tc_logs').selectAll().where('deviceId', '=', deviceId).orderBy('id').execute();

  it('keeps a valid entry for a 10 KB body, and the logs page answers', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Long notes', uniqueId: 'audit-long' });
    const notes = 'n'.repeat(10_000);
    await admin.json('PUT', `/api/devices/${device.id}`, { ...device, attributes: { notes } });
    const rows = await stored(device.id);
    expect(rows.map((r) => r.action)).toEqual(['POST /api/devices', 'PUT /api/devices/:id']);
    const data = JSON.parse(rows[1].data!);
    expect(data).toMatchObject({ name: 'Long notes', uniqueId: 'audit-long' });
    expect(data.attributes.notes).toMatch(/^n+… \(10000 characters\)$/);
    const page = await admin.request('GET', `/tarkan/devices/${device.id}/logs`);
    expect(page.status).toBe(200);
    expect(((await page.json()) as { action: string }[]).map((e) => e.action)).toEqual(['PUT /api/devices/:id', 'POST /api/devices']);
  });

  it('shows an old entry that is not valid JSON as its text instead of failing the page', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Old entry', uniqueId: 'audit-old' });
    const cut = `{"name":"Old entry","attributes":{"notes":"${'n'.repeat(3960)}`;
    await server.rastro.db.kysely.insertInto('tc_logs')
      .values({ time: Date.now(), userId: null, deviceId: device.id, action: 'PUT /api/devices/:id', objectType: 'devices', objectId: device.id, data: cut })
      .execute();
    const page = await admin.request('GET', `/tarkan/devices/${device.id}/logs`);
    expect(page.status).toBe(200);
    const entries = (await page.json()) as { data: unknown }[];
    expect(entries.map((e) => e.data)).toEqual([cut, { name: 'Old entry', uniqueId: 'audit-old' }]);
  });

  it('masks passwords, TOTP keys, API keys and payment tokens in the stored entries', async () => {
    const secrets = ['user-pass-1', 'JBSWY3DPEHPK3PXP', 'maptiler-key-1', 'qr-pass-1', 'asaas-api-key-1', 'hook-token-1'];
    await admin.json('POST', '/api/users', {
      name: 'Masked', email: 'masked@example.com', password: 'user-pass-1', totpKey: 'JBSWY3DPEHPK3PXP',
      attributes: { mapTilerKey: 'maptiler-key-1', 'tarkan.qrPassword': 'qr-pass-1' },
    });
    await admin.json('POST', '/tarkan/integrations/payment', { provider: 'asaas', token: 'asaas-api-key-1', webhookToken: 'hook-token-1' });
    const rows = await server.rastro.db.kysely.selectFrom('tc_logs').select(['objectType', 'data']).where('objectType', 'in', ['users', 'integrations']).execute();
    expect(rows.map((r) => r.objectType).sort()).toEqual(['integrations', 'users']);
    for (const row of rows) {
      for (const secret of secrets) expect(row.data).not.toContain(secret);
      expect(row.data).toContain(MASK);
    }
    const payment = JSON.parse(rows.find((r) => r.objectType === 'integrations')!.data!);
    expect(payment).toEqual({ provider: 'asaas', token: MASK, webhookToken: MASK });
  });
});
