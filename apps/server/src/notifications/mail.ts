import type { Event } from '@rastro/api';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import { attrs } from '../db/mappers.ts';
import type { Database } from '../db/schema.ts';
import { eventDetail, eventTitle, languageOf } from './texts.ts';

/** The e-mail integration (POST /tarkan/integrations/email): an SMTP server to send through. */
export interface MailSettings {
  smtpHost: string;
  smtpPort: number;
  username: string | null;
  password: string | null;
  senderEmail: string;
  senderName: string | null;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
}

export async function mailSettings(db: Kysely<Database>): Promise<MailSettings | null> {
  const row = await db.selectFrom('tc_integrations').select('attributes').where('key', '=', 'email').executeTakeFirst();
  const a = row ? attrs(row.attributes) : {};
  if (typeof a.smtpHost !== 'string' || !a.smtpHost || typeof a.senderEmail !== 'string' || !a.senderEmail) return null;
  const port = Number(a.smtpPort ?? 587) || 587;
  return {
    smtpHost: a.smtpHost,
    smtpPort: port,
    username: typeof a.username === 'string' && a.username ? a.username : null,
    password: typeof a.password === 'string' && a.password ? a.password : null,
    senderEmail: a.senderEmail,
    senderName: typeof a.senderName === 'string' && a.senderName ? a.senderName : null,
    secure: a.secure === true || port === 465,
  };
}

/** An SMTP transport for the settings (close it once its messages are sent). */
export function mailTransport(settings: MailSettings) {
  return nodemailer.createTransport({
    host: settings.smtpHost,
    port: settings.smtpPort,
    secure: settings.secure,
    auth: settings.username ? { user: settings.username, pass: settings.password ?? '' } : undefined,
    // a local or self-signed relay is common in small fleets' setups
    tls: { rejectUnauthorized: false },
  });
}

/** The sender as nodemailer takes it: with its display name when one is set. */
export function mailSender(settings: MailSettings) {
  return settings.senderName ? { name: settings.senderName, address: settings.senderEmail } : settings.senderEmail;
}

/** The `mail` channel: one message per recipient, in the recipient's language. */
export class MailChannel {
  constructor(private readonly db: Kysely<Database>) {}

  async deliver(event: Event, userIds: number[]): Promise<void> {
    const settings = await mailSettings(this.db);
    if (!settings || !userIds.length) return;
    const transport = mailTransport(settings);
    const device = event.deviceId
      ? await this.db.selectFrom('tc_devices').select('name').where('id', '=', event.deviceId).executeTakeFirst()
      : undefined;
    const users = await this.db.selectFrom('tc_users').select(['email', 'attributes']).where('id', 'in', userIds).execute();
    try {
      for (const user of users) {
        if (!user.email.includes('@')) continue;
        const language = languageOf(attrs(user.attributes)['tarkan.lang']);
        const title = eventTitle(event.type, language);
        const detail = eventDetail(event.attributes);
        const subject = device ? `${device.name}: ${title}` : title;
        await transport.sendMail({
          from: mailSender(settings),
          to: user.email,
          subject,
          text: [subject, detail, new Date(event.eventTime).toISOString()].filter(Boolean).join('\n'),
        });
      }
    } finally {
      transport.close();
    }
  }
}
