import { requestVoid } from './http.ts';

/** Asks the server to mail a reset link; it answers 200 whether or not the address exists. */
export function requestPasswordReset(email: string): Promise<void> {
  return requestVoid('/password/reset', { method: 'POST', form: { email } });
}
