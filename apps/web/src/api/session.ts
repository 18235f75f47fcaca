import type { User } from '@rastro/api';
import { requestJson, requestVoid } from './http.ts';

export interface Credentials {
  email: string;
  password: string;
}

/** Current cookie session, or a new one opened with a share token. No session answers 404. */
export function getSession(token?: string): Promise<User> {
  return requestJson<User>('/session', { query: { token } });
}

export function createSession({ email, password }: Credentials): Promise<User> {
  return requestJson<User>('/session', { method: 'POST', form: { email, password } });
}

export function deleteSession(): Promise<void> {
  return requestVoid('/session', { method: 'DELETE' });
}
