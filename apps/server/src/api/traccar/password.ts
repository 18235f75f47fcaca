import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { attrs } from '../../db/mappers.ts';
import { consumePasswordReset, createPasswordReset, lastPasswordReset } from '../../db/password-resets.ts';
import { findUserByEmail, setPassword } from '../../db/repositories/users.ts';
import { endCredentials } from '../../db/sessions.ts';
import { findUserById, newPasswordColumns } from '../../db/users.ts';
import { ClientError } from '../../domain/errors.ts';
import { mailSender, mailSettings, mailTransport } from '../../notifications/mail.ts';
import { passwordResetLink, passwordResetMail } from '../../notifications/password-reset-mail.ts';
import { languageOf } from '../../notifications/texts.ts';
import type { ApiContext } from '../context.ts';
import { announceRevocation } from '../revocation.ts';
import { parseBody } from '../params.ts';

/** Lost-password requests waiting for their lookup and mail. */
const MAX_PENDING = 100;

const resetForm = z.object({ email: z.string().trim().min(1, 'email is required').max(256) });
const updateForm = z.object({
  token: z.string().min(1, 'token is required').max(256),
  password: z.string().min(1, 'password is required').max(128),
});

/**
 * Traccar's lost-password flow. `POST /api/password/reset` answers the same for every address —
 * the lookup and the mail happen after the answer, one request at a time, so neither the answer
 * nor its timing tells whether an account exists. The link's address is RASTRO_PUBLIC_URL, never
 * the request's Host or Origin: a caller chooses those, and would have the victim's link point at
 * his own site. `POST /api/password/update` spends the link, sets the password and ends every
 * session, token and open socket of the account, on every node.
 */
export function passwordRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;
  // one mail job at a time: a burst of requests queues here instead of opening SMTP connections in
  // parallel; past MAX_PENDING the newest are dropped (same answer), so a flood holds no memory
  let jobs: Promise<void> = Promise.resolve();
  let pending = 0;

  app.post('/api/password/reset', { config: { audit: false } }, async (request, reply) => {
    const form = parseBody(resetForm, request.body);
    // refused for every address alike, so the refusal reveals nothing about accounts either
    const settings = await mailSettings(db);
    if (!settings) {
      request.log.warn('lost-password request refused: the e-mail integration is not configured (Integrations > E-mail)');
      throw new ClientError('Mail is not configured');
    }
    const publicUrl = ctx.config.publicUrl;
    if (!publicUrl) {
      request.log.warn('lost-password request refused: RASTRO_PUBLIC_URL is not set, so there is no address to put in the link');
      throw new ClientError('Public URL is not configured');
    }
    const log = request.log;
    if (pending >= MAX_PENDING) {
      log.warn('lost-password request dropped: too many waiting to be sent');
      return reply.code(200).send();
    }
    pending++;
    jobs = jobs.then(() => sendResetLink(form.email, publicUrl, log)).catch((error: unknown) => {
      log.error(`lost-password mail not sent: ${String(error)}`);
    }).finally(() => pending--);
    return reply.code(200).send();
  });

  async function sendResetLink(email: string, publicUrl: string, log: FastifyBaseLogger): Promise<void> {
    const user = await findUserByEmail(db, email);
    // share visitors' and QR drivers' accounts have no mailbox behind them
    if (!user || user.temporary || !user.email.includes('@') || attrs(user.attributes)['tarkan.isQrDriverId'] !== undefined) return;
    const settings = await mailSettings(db);
    if (!settings) return;
    // one mail per account per resend interval: the form cannot be used to flood someone's mailbox
    const last = await lastPasswordReset(db, user.id);
    if (last !== null && Date.now() - last < ctx.config.passwordResetResendSeconds * 1000) {
      log.info(`lost-password link for user ${user.id} not sent again so soon`);
      return;
    }
    const minutes = ctx.config.passwordResetMinutes;
    const secret = await createPasswordReset(db, user.id, minutes * 60_000);
    // his language, else the server's default (spec §3 tarkan.lang)
    const language = attrs(user.attributes)['tarkan.lang'] ?? attrs((await ctx.settings.get()).attributes)['tarkan.lang'];
    const mail = passwordResetMail(languageOf(language), passwordResetLink(publicUrl, secret), minutes);
    const transport = mailTransport(settings);
    try {
      await transport.sendMail({ from: mailSender(settings), to: user.email, subject: mail.subject, text: mail.text });
      log.info(`lost-password link sent to user ${user.id}`);
    } finally {
      transport.close();
    }
  }

  app.post('/api/password/update', { config: { audit: false } }, async (request, reply) => {
    const form = parseBody(updateForm, request.body);
    const check = await consumePasswordReset(db, form.token);
    if ('error' in check) throw new ClientError(check.error);
    const user = await findUserById(db, check.userId);
    if (!user) throw new ClientError('User not found', 404);
    const password = await newPasswordColumns(form.password);
    await setPassword(ctx, user.id, password);
    // whoever knew the old password, or holds a session, token or socket opened with it, is out
    await endCredentials(db, user.id);
    announceRevocation(ctx.bus, { userIds: [user.id], all: true });
    return reply.code(200).send();
  });
}
