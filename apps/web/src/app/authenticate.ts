import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@rastro/api';
import { ApiError } from '../api/http.ts';
import { devicesQuery, positionsQuery, serverInfoQuery } from '../api/queries.ts';
import { createSession, getSession } from '../api/session.ts';
import type { AuthOutcome } from './guard.ts';
import { forgetCredentials, rememberedCredentials } from './rememberedCredentials.ts';
import { sessionUser } from './session.ts';

/** Remembered credentials open a new session; without them (or when they stop working) the cookie session is asked. */
async function checkSession(): Promise<User> {
  const credentials = rememberedCredentials();
  if (credentials) {
    try {
      return await createSession(credentials);
    } catch (error) {
      if (!(error instanceof ApiError && error.kind === 'http')) throw error;
      forgetCredentials();
    }
  }
  return getSession();
}

/** An authentication begun before the first render, for the guard to take over. */
let early: { loadDevices: boolean; outcome: Promise<AuthOutcome> } | null = null;

/**
 * Starts the guard sequence while the page's code and language still load, so that the session
 * check and a large fleet's lists are on their way half a second sooner. The guard's first call
 * with the same `loadDevices` receives this run's outcome instead of starting another.
 */
export function startAuthentication(queryClient: QueryClient, loadDevices: boolean): void {
  early = { loadDevices, outcome: runAuthentication(queryClient, loadDevices) };
}

/** Guard sequence: server info and the session, then the user's data. */
export function authenticate(queryClient: QueryClient, loadDevices: boolean): Promise<AuthOutcome> {
  const started = early;
  early = null;
  return started?.loadDevices === loadDevices ? started.outcome : runAuthentication(queryClient, loadDevices);
}

function prefetchFleet(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(devicesQuery);
  void queryClient.prefetchQuery(positionsQuery);
}

type SessionOutcome = { user: User } | 'server-unavailable' | 'no-session';

const sessionOutcome = (check: Promise<User>): Promise<SessionOutcome> => check.then((user) => ({ user }), () => 'no-session' as const);

/**
 * Server info and the session. With the browser's own session (no remembered credentials to sign
 * in with) both are asked for at once; a server that does not answer its info is unavailable
 * whatever the session says. Remembered credentials are tried only once the server has answered.
 */
async function checkServerAndSession(queryClient: QueryClient): Promise<SessionOutcome> {
  const server = queryClient.fetchQuery(serverInfoQuery).then(() => true, () => false);
  const session = rememberedCredentials() ? null : sessionOutcome(getSession());
  if (!(await server)) return 'server-unavailable';
  return session ?? sessionOutcome(checkSession());
}

async function runAuthentication(queryClient: QueryClient, loadDevices: boolean): Promise<AuthOutcome> {
  const outcome = await checkServerAndSession(queryClient);
  if (typeof outcome === 'string') return outcome;
  // Loaded alongside the map rather than before it (a large fleet's list takes a while). A failure
  // here is not fatal: the map shows its own loading state and retries with the page.
  if (loadDevices) prefetchFleet(queryClient);
  sessionUser.set(outcome.user);
  return 'authenticated';
}
