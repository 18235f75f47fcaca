import { describe, expect, it } from 'vitest';
import { loginFieldsError, validateRegistration } from './registrationRules.ts';

describe('validateRegistration', () => {
  it('accepts a complete registration', () => {
    expect(validateRegistration({ name: 'Ana Silva', email: 'ana@x.io', password: 'abcd' })).toEqual({});
  });

  it('requires a name of at least 3 characters', () => {
    expect(validateRegistration({ name: ' Al ', email: 'ana@x.io', password: 'abcd' })).toEqual({
      name: 'validation.nameRequired',
    });
  });

  it('requires e-mail and password of at least 4 characters', () => {
    expect(validateRegistration({ name: 'Ana Silva', email: 'a@b', password: 'abc' })).toEqual({
      email: 'validation.minFour',
      password: 'validation.minFour',
    });
  });

  it('reports every empty field', () => {
    expect(Object.keys(validateRegistration({ name: '', email: '', password: '' }))).toEqual(['name', 'email', 'password']);
  });
});

describe('loginFieldsError', () => {
  it('asks to fill all fields when one is empty', () => {
    expect(loginFieldsError('', 'x')).toBe('FILL_ALL_FIELDS');
    expect(loginFieldsError('  ', 'x')).toBe('FILL_ALL_FIELDS');
    expect(loginFieldsError('admin', '')).toBe('FILL_ALL_FIELDS');
    expect(loginFieldsError('admin', 'admin')).toBeNull();
  });
});
