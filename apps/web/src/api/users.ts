import type { User, UserInput } from '@rastro/api';
import { request, requestJson } from './http.ts';

export interface Registration {
  name: string;
  email: string;
  password: string;
}

/** Anonymous sign-up; the server refuses it unless `registration` is enabled. */
export function registerUser(registration: Registration): Promise<User> {
  const body: UserInput = registration;
  return requestJson<User>('/users', { method: 'POST', json: body });
}

/** A fresh base32 TOTP secret (plain text); nothing is stored until it is saved as the user's `totpKey`. */
export async function generateTotpSecret(): Promise<string> {
  const response = await request('/users/totp', { method: 'POST', accept: 'text/plain' });
  return (await response.text()).trim();
}
