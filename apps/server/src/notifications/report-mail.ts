import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { mailSender, mailSettings, mailTransport } from './mail.ts';

/**
 * One message with a file attached, through the e-mail integration (scheduled reports mail their
 * spreadsheet this way). False when no mail server is configured; a refusal of the server throws.
 */
export async function sendMailWithAttachment(
  db: Kysely<Database>,
  mail: { to: string; subject: string; text: string; attachment: { filename: string; content: Buffer } },
): Promise<boolean> {
  const settings = await mailSettings(db);
  if (!settings) return false;
  const transport = mailTransport(settings);
  try {
    await transport.sendMail({
      from: mailSender(settings),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      attachments: [{ filename: mail.attachment.filename, content: mail.attachment.content, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }],
    });
    return true;
  } finally {
    transport.close();
  }
}
