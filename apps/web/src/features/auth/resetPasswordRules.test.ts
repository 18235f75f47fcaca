import { describe, expect, it } from 'vitest';
import { resetPasswordProblem } from './resetPasswordRules.ts';

describe('the new password', () => {
  it('needs 4 characters, repeated in the confirmation', () => {
    expect(resetPasswordProblem('', '')).toBe('short');
    expect(resetPasswordProblem('abc', 'abc')).toBe('short');
    expect(resetPasswordProblem('abcd', 'abce')).toBe('mismatch');
    expect(resetPasswordProblem('abcd', '')).toBe('mismatch');
    expect(resetPasswordProblem('abcd', 'abcd')).toBeNull();
    expect(resetPasswordProblem('señ€', 'señ€')).toBeNull();
  });
});
