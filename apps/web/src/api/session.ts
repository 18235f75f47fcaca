import type { User } from '@rastro/api';
import { ApiError, request, requestJson, requestVoid } from './http.ts';

export interface Credentials {
  email: string;
  password: string;
  /** The authenticator app's 6-digit code, for an account with two-step verification. */
  code?: string;
}

/** Current cookie session, or a new one opened with a token (share link, remembered sign-in). No session answers 404. */
export function getSession(token?: string): Promise<User> {
  return requestJson<User>('/session', { query: { token } });
}

export function createSession({ email, password, code }: Credentials): Promise<User> {
  return requestJson<User>('/session', { method: 'POST', form: { email, password, ...(code ? { code } : {}) } });
}

/** The server's answer to a sign-in without a code when the account has two-step verification. */
export function needsTotpCode(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && /^totp\b/i.test(error.challenge ?? '');
}

export function deleteSession(): Promise<void> {
  return requestVoid('/session', { method: 'DELETE' });
}

/**
 * A bearer token of the signed-in user, or of `userId` whom he manages (Rastro's extension), valid
 * until `expiration` (the server may cut it short; it answers the token as plain text).
 */
export async function createSessionToken(expiration: Date, userId?: number): Promise<string> {
  const form: Record<string, string> = { expiration: expiration.toISOString() };
  if (userId !== undefined) form.userId = String(userId);
  const response = await request('/session/token', { method: 'POST', form, accept: 'text/plain' });
  return (await response.text()).trim();
}

export function revokeSessionToken(token: string): Promise<void> {
  return requestVoid('/session/token/revoke', { method: 'POST', form: { token } });
}
