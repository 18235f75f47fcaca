import type { Registration } from '../../api/users.ts';

/** Minimum lengths of spec §5/§9. */
const MIN_NAME_LENGTH = 3;
const MIN_EMAIL_LENGTH = 4;
const MIN_PASSWORD_LENGTH = 4;

/** Catalog keys of the failed rules, per field. */
export type RegistrationErrors = Partial<Record<keyof Registration, string>>;

export function validateRegistration({ name, email, password }: Registration): RegistrationErrors {
  const errors: RegistrationErrors = {};
  if (name.trim().length < MIN_NAME_LENGTH) errors.name = 'validation.nameRequired';
  if (email.trim().length < MIN_EMAIL_LENGTH) errors.email = 'validation.minFour';
  if (password.length < MIN_PASSWORD_LENGTH) errors.password = 'validation.minFour';
  return errors;
}

/** Both login fields must be filled (spec §5), else FILL_ALL_FIELDS. */
export function loginFieldsError(email: string, password: string): string | null {
  return email.trim() === '' || password === '' ? 'FILL_ALL_FIELDS' : null;
}
