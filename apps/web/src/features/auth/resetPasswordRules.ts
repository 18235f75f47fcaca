/** Spec §8: a password has at least 4 characters; the confirmation must repeat it. */
export const MIN_PASSWORD_LENGTH = 4;

export function resetPasswordProblem(password: string, confirm: string): 'short' | 'mismatch' | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'short';
  if (password !== confirm) return 'mismatch';
  return null;
}
