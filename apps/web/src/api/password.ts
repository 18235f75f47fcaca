import { requestVoid } from './http.ts';

/** Asks the server to mail a reset link; it answers 200 whether or not the address exists. */
export function requestPasswordReset(email: string): Promise<void> {
  return requestVoid('/password/reset', { method: 'POST', form: { email } });
}

/** Sets a new password with the link's token; the server spends the token and ends the account's other sessions. */
export function updatePassword(token: string, password: string): Promise<void> {
  return requestVoid('/password/update', { method: 'POST', form: { token, password } });
}
