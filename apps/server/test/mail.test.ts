import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, reportOsmAnd, withServer } from './harness.ts';
import { startSmtp } from './smtp.ts';

describe('the mail channel', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('is offered once the e-mail integration is set, and delivers matching events by e-mail', async () => {
    expect(await admin.json('GET', '/api/notifications/notificators')).toEqual([{ type: 'web' }, { type: 'firebase' }]);
    await admin.json('POST', '/tarkan/integrations/email', {
      smtpHost: '127.0.0.1', smtpPort: smtp.port, username: 'frota', password: 'secret', senderEmail: 'alertas@frota.example', senderName: 'Frota Alertas',
    });
    expect(await admin.json('GET', '/api/notifications/notificators')).toEqual([{ type: 'web' }, { type: 'firebase' }, { type: 'mail' }]);

    const user = await admin.json('POST', '/api/users', { name: 'Gestora', email: 'gestora@frota.example', password: 'pass1234', attributes: { 'tarkan.lang': 'pt-BR' } });
    const device = await admin.json('POST', '/api/devices', { name: 'Truck 9', uniqueId: 'mail-1' });
    await admin.json('POST', '/api/permissions', { userId: user.id, deviceId: device.id });
    const rule = await admin.json('POST', '/api/notifications', { type: 'alarm', notificators: 'mail', attributes: { alarms: 'sos' } });
    await admin.json('POST', '/api/permissions', { userId: user.id, notificationId: rule.id });
    await admin.json('POST', '/api/permissions', { deviceId: device.id, notificationId: rule.id });

    await reportOsmAnd(server.osmand, { id: 'mail-1', lat: -23.5, lon: -46.6, alarm: 'sos' });
    // the rule's users: the one it was linked to, and its creator (who also sees the device)
    await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBe(2);
    expect(smtp.mails.flatMap((m) => m.to).sort()).toEqual([ADMIN.email, 'gestora@frota.example']);
    const mail = smtp.mails.find((m) => m.to.includes('gestora@frota.example'));
    expect(mail!.from).toBe('alertas@frota.example');
    expect(mail!.data).toContain('Subject: Truck 9: Alarme');
    expect(mail!.data).toContain('sos');
  });

  it('sends the test notification by e-mail too', async () => {
    const before = smtp.mails.length;
    expect((await admin.request('POST', '/api/notifications/test')).status).toBe(204);
    await expect.poll(() => smtp.mails.length).toBe(before + 1);
    expect(smtp.mails.at(-1)!.data).toContain('Notifica');
  });
});
