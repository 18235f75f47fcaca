import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import { attrs } from '../db/mappers.ts';
import type { Database } from '../db/schema.ts';
import type { SendResult } from '../sms/http-client.ts';
import { addressUsers, type Addressed, type Channel } from './deliveries.ts';
import type { Outgoing } from './outgoing.ts';

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

/** An SMTP server refusing for good (5xx: no such mailbox, authentication failed) is not tried again. */
function mailFailure(error: unknown): SendResult {
  const code = typeof error === 'object' && error !== null && 'responseCode' in error ? Number(error.responseCode) : 0;
  const reason = `mail server: ${error instanceof Error ? error.message : String(error)}`;
  return { ok: false, reason, retry: !(code >= 500 && code < 600) };
}

/** The `mail` channel: one message per recipient, in the recipient's language. */
export class MailChannel implements Channel {
  readonly name = 'mail';

  constructor(private readonly db: Kysely<Database>) {}

  async available(): Promise<boolean> {
    return (await mailSettings(this.db)) !== null;
  }

  address(outgoing: Outgoing, userIds: number[]): Promise<Addressed[]> {
    return addressUsers(this.db, outgoing, userIds, (user, texts) => {
      if (!user.email.includes('@')) return { userId: user.id, reason: 'no e-mail address' };
      return { userId: user.id, recipient: user.email, send: () => this.sendOne(user.email, texts.subject, texts.body) };
    });
  }

  /** Read at each attempt: a retry goes through the server as configured by then. */
  private async sendOne(to: string, subject: string, text: string): Promise<SendResult> {
    const settings = await mailSettings(this.db);
    if (!settings) return { ok: false, reason: 'Mail not configured', retry: false };
    const transport = mailTransport(settings);
    try {
      await transport.sendMail({ from: mailSender(settings), to, subject, text });
      return { ok: true };
    } catch (error) {
      return mailFailure(error);
    } finally {
      transport.close();
    }
  }
}
