import { ApiError } from '../../api/http.ts';

/** Why a share link did not sign in, as the visitor is told. */
export type ShareFailure = 'expired' | 'invalid' | 'unavailable';

/**
 * The server refuses a share token with 401 `Token has expired`, `Invalid token` or `Token has
 * been revoked`, and the link's user with `User has expired` / `User is disabled`; no answer or a
 * server fault means the link may still be good: the visitor can try again.
 */
export function shareFailure(error: unknown): ShareFailure {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return 'unavailable';
  return /expired/i.test(error.message) ? 'expired' : 'invalid';
}
