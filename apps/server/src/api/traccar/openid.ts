import { userInputSchema } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { insertUser, updateUser } from '../../db/repositories/users.ts';
import { createSession } from '../../db/sessions.ts';
import { countUsers, ensureLoginFree, findUserByLogin, userColumns, type UserRow } from '../../db/users.ts';
import type { OpenIdConfig } from '../../config/openid.ts';
import { ClientError } from '../../domain/errors.ts';
import { USER_POLICY, applyFieldPolicy } from '../../domain/field-policy.ts';
import { suspensionReason } from '../../billing/account.ts';
import { disabledReason, setSessionCookie } from '../auth.ts';
import type { ApiContext } from '../context.ts';

/** The browser's half of a sign-in under way: state and PKCE verifier, for ten minutes, only to the callback. */
const PENDING_COOKIE = 'rastro_openid';
const PENDING_PATH = '/api/session/openid';
const PENDING_SECONDS = 600;
const CALLBACK = '/api/session/openid/callback';

/**
 * Traccar's OpenID Connect sign-in (GET /api/session/openid/auth and /callback), with openid-client:
 * the authorization code flow with PKCE and state, the ID token checked against the provider's
 * keys, then the userinfo's e-mail, name and groups. As Traccar: the account is found by e-mail, or
 * created (registration open, or RASTRO_OPENID_REGISTRATION); the admin group makes administrators;
 * the allow group limits who may enter; a session is opened and the browser sent to the web app.
 * Without configuration both answer 400 `OpenID not enabled`, as Traccar's.
 */
export function openIdRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const settings = ctx.config.openid;
  const publicUrl = ctx.config.publicUrl;
  let discovered: Promise<oidc.Configuration> | null = null;

  /** The provider's metadata, read once; a failed read is tried again at the next sign-in. */
  const provider = (config: OpenIdConfig): Promise<oidc.Configuration> => {
    // client_secret_basic, as Traccar's ClientSecretBasic
    discovered ??= oidc.discovery(new URL(config.issuerUrl), config.clientId, undefined, oidc.ClientSecretBasic(config.clientSecret),
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- only an http:// issuer (a provider on the LAN, the tests) gets it
      new URL(config.issuerUrl).protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined)
      .catch((error: unknown) => {
        discovered = null;
        request400(`OpenID provider unreachable: ${message(error)}`);
      });
    return discovered;
  };

  const enabled = (): OpenIdConfig => {
    if (!settings || !publicUrl) throw new ClientError('OpenID not enabled');
    return settings;
  };

  app.get('/api/session/openid/auth', async (_request, reply) => {
    const config = enabled();
    const client = await provider(config);
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const groups = config.adminGroup || config.allowGroup ? ` ${config.groupsClaim}` : '';
    const target = oidc.buildAuthorizationUrl(client, {
      redirect_uri: `${publicUrl}${CALLBACK}`,
      scope: `openid profile email${groups}`,
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    reply.setCookie(PENDING_COOKIE, `${state}.${verifier}`, {
      path: PENDING_PATH, httpOnly: true, sameSite: 'lax', secure: reply.request.protocol === 'https', maxAge: PENDING_SECONDS,
    });
    return reply.code(303).header('location', target.href).send();
  });

  app.get('/api/session/openid/callback', async (request, reply) => {
    const config = enabled();
    const client = await provider(config);
    const pending = request.cookies[PENDING_COOKIE] ?? '';
    reply.clearCookie(PENDING_COOKIE, { path: PENDING_PATH });
    const [state, verifier] = pending.split('.');
    if (!state || !verifier) throw new ClientError('OpenID sign-in expired or not started here: start again');
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    let claims: Record<string, unknown>;
    try {
      const tokens = await oidc.authorizationCodeGrant(client, new URL(`${publicUrl}${CALLBACK}${query}`), { pkceCodeVerifier: verifier, expectedState: state });
      const subject = tokens.claims()?.sub;
      if (!subject) throw new Error('the provider sent no ID token');
      claims = await oidc.fetchUserInfo(client, tokens.access_token, subject);
    } catch (error) {
      throw new ClientError(`OpenID sign-in failed: ${message(error)}`);
    }
    const user = await accountOf(ctx, config, claims);
    const session = await createSession(ctx.db.kysely, user.id, null, null);
    setSessionCookie(reply, session, ctx.config.sessionTimeoutSeconds || null);
    return reply.code(303).header('location', `${publicUrl}/?openid=success`).send();
  });
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function request400(text: string): never {
  throw new ClientError(text);
}

/** The account of the provider's user: found by e-mail (name and role kept in step), or created. */
async function accountOf(ctx: ApiContext, config: OpenIdConfig, claims: Record<string, unknown>): Promise<UserRow> {
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (!email.includes('@')) throw new ClientError('OpenID sign-in failed: the provider gave no e-mail address');
  if (claims.email_verified === false) throw new ClientError('OpenID sign-in failed: the e-mail address is not verified');
  const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 128) : email;
  const rawGroups = claims[config.groupsClaim];
  const groups = Array.isArray(rawGroups) ? rawGroups.filter((g): g is string => typeof g === 'string') : [];
  const administrator = config.adminGroup ? groups.includes(config.adminGroup) : null;
  if (!administrator && config.allowGroup && !groups.includes(config.allowGroup)) throw new ClientError('Your OpenID Groups do not permit access');

  const db = ctx.db.kysely;
  let user = await findUserByLogin(db, email);
  // a login name equal to the address is someone else's account: only an e-mail match is the user
  if (user && user.email.toLowerCase() !== email.toLowerCase()) throw new ClientError('User duplicate');
  if (!user) {
    const first = (await countUsers(db)) === 0;
    if (!first && !config.allowRegistration && !(await ctx.settings.get()).registration) throw new ClientError('Registration disabled');
    const { attributes: _none, ...requested } = userColumns(userInputSchema.parse({ name, email }));
    // the defaults a self-registered account gets (domain/field-policy.ts)
    const fields = applyFieldPolicy(USER_POLICY, first ? 'administrator' : 'anonymous', null, { columns: requested, attributes: {} }, null);
    const columns = { ...(fields.columns as typeof requested), attributes: '{}', fixedEmail: 1,
      ...(first || administrator ? { administrator: 1 } : administrator === false ? { administrator: 0 } : {}) };
    await ensureLoginFree(db, columns, null);
    user = await insertUser(ctx, columns, null, () => Promise.resolve());
  } else if (user.name !== name || (administrator !== null && Boolean(user.administrator) !== administrator)) {
    const saved = await updateUser(ctx, user.id, () => ({ name, ...(administrator === null ? {} : { administrator: administrator ? 1 : 0 }) }));
    if (saved) user = saved.after;
  }
  const reason = disabledReason(user) ?? suspensionReason(user);
  if (reason) throw new ClientError(reason);
  return user;
}
