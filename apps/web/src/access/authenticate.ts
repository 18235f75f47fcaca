import { noop, type QueryClient } from '@tanstack/react-query';
import type { User } from '@rastro/api';
import { ApiError } from '../api/http.ts';
import { devicesQuery, positionsQuery, serverInfoQuery } from '../api/queries.ts';
import { getSession } from '../api/session.ts';
import type { AuthOutcome } from './guard.ts';
import { forgetToken, rememberedToken } from '../state/rememberedSession.ts';
import { sessionUser } from '../state/session.ts';

/**
 * The browser's cookie session, else a new one opened with the remembered token (a cookie session
 * still open is used as it is, so a reload does not open another session each time).
 */
async function checkSession(): Promise<User> {
  const cookie = await getSession().then((user) => ({ user }), (error: unknown) => ({ error }));
  if ('user' in cookie) return cookie.user;
  const token = rememberedToken();
  if (!token || !(cookie.error instanceof ApiError && cookie.error.kind === 'http')) throw cookie.error;
  try {
    return await getSession(token);
  } catch (error) {
    // revoked, expired, or the account disabled: the token is of no more use
    if (error instanceof ApiError && error.kind === 'http') forgetToken();
    throw error;
  }
}

/** An authentication begun before the first render, for the guard to take over. */
let early: { loadDevices: boolean; outcome: Promise<AuthOutcome> } | null = null;

/**
 * Starts the guard sequence while the page's code and language still load, so that the session
 * check and a large fleet's lists are on their way sooner; `code` is the page's code loading, which
 * the signed-in page waits for. The guard's first call with the same `loadDevices` receives this
 * run's outcome instead of starting another.
 */
export function startAuthentication(queryClient: QueryClient, loadDevices: boolean, code?: Promise<unknown>): void {
  early = { loadDevices, outcome: runAuthentication(queryClient, loadDevices, code) };
}

/** Guard sequence: server info and the session, then the user's data. */
export function authenticate(queryClient: QueryClient, loadDevices: boolean, code?: Promise<unknown>): Promise<AuthOutcome> {
  const started = early;
  early = null;
  return started?.loadDevices === loadDevices ? started.outcome : runAuthentication(queryClient, loadDevices, code);
}

function prefetchFleet(queryClient: QueryClient): void {
  void queryClient.query(devicesQuery).catch(noop);
  void queryClient.query(positionsQuery).catch(noop);
}

type SessionOutcome = { user: User } | 'server-unavailable' | 'no-session';

const sessionOutcome = (check: Promise<User>): Promise<SessionOutcome> => check.then((user) => ({ user }), () => 'no-session' as const);

/**
 * Server info and the session. With the browser's own session (no remembered token to sign
 * in with) both are asked for at once, and the fleet's lists with them: a large fleet's lists are
 * the longest wait of the first page (measured: asked for with the session rather than once the
 * page's code was in, a 10,000-device map was ready ~300 ms sooner, although the code then shares
 * the browser's six connections with them). Without a session they answer 401 and are dropped. A
 * server that does not answer its info is unavailable whatever the session says. With a
 * remembered token the session (the cookie's, else one the token opens) is asked only once the
 * server has answered, and the lists after it.
 */
async function checkServerAndSession(queryClient: QueryClient, loadDevices: boolean): Promise<SessionOutcome> {
  const server = queryClient.query(serverInfoQuery).then(() => true, () => false);
  if (rememberedToken()) {
    const outcome = (await server) ? await sessionOutcome(checkSession()) : 'server-unavailable';
    if (loadDevices && typeof outcome !== 'string') prefetchFleet(queryClient);
    return outcome;
  }
  const session = sessionOutcome(getSession());
  if (loadDevices) prefetchFleet(queryClient);
  const outcome = (await server) ? await session : 'server-unavailable';
  if (loadDevices && typeof outcome === 'string') {
    queryClient.removeQueries({ queryKey: devicesQuery.queryKey, exact: true });
    queryClient.removeQueries({ queryKey: positionsQuery.queryKey, exact: true });
  }
  return outcome;
}

async function runAuthentication(queryClient: QueryClient, loadDevices: boolean, code: Promise<unknown> = Promise.resolve()): Promise<AuthOutcome> {
  const outcome = await checkServerAndSession(queryClient, loadDevices);
  if (typeof outcome === 'string') return outcome;
  // the signed-in page renders once its code is in: rendered before, it would suspend, and React
  // then holds the revealed page back for 300 ms
  await code;
  sessionUser.set(outcome.user);
  return 'authenticated';
}
