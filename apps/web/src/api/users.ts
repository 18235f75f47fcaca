import type { User, UserInput } from '@rastro/api';
import { requestJson } from './http.ts';

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
