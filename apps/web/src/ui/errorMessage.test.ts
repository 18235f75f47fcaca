import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http.ts';
import { accountCode, describeCode, errorCode, messageCode } from './errorMessage.ts';

describe('errorCode', () => {
  it('maps 401 on login to INVALID_LOGIN_DATA', () => {
    expect(errorCode(new ApiError('http', 401, 'Unauthorized'), 'login')).toBe('INVALID_LOGIN_DATA');
  });

  it('maps 401 elsewhere to USER_NOT_AUTHED', () => {
    expect(errorCode(new ApiError('http', 401, 'Unauthorized'))).toBe('USER_NOT_AUTHED');
  });

  it('passes server messages through upper-cased with underscores', () => {
    expect(errorCode(new ApiError('http', 400, 'User is disabled'), 'login')).toBe('USER_IS_DISABLED');
    expect(errorCode(new ApiError('http', 400, 'User has expired'), 'login')).toBe('USER_HAS_EXPIRED');
    expect(errorCode(new ApiError('http', 400, 'Write access denied'))).toBe('WRITE_ACCESS_DENIED');
  });

  it('names transport failures', () => {
    expect(errorCode(new ApiError('timeout', 0, 'Request timed out'))).toBe('REQUEST_TIMEOUT');
    expect(errorCode(new ApiError('network', 0, 'Failed to fetch'))).toBe('NETWORK_ERROR');
    expect(errorCode('boom')).toBe('UNKNOWN_ERROR');
  });
});

describe('messageCode', () => {
  it('collapses punctuation and keeps letters of any script', () => {
    expect(messageCode('  Manager user limit reached. ')).toBe('MANAGER_USER_LIMIT_REACHED');
    expect(messageCode('Usuário já cadastrado')).toBe('USUÁRIO_JÁ_CADASTRADO');
  });
});

describe('describeCode', () => {
  const catalog: Record<string, string> = { 'errors.USER_IS_DISABLED': 'Usuario bloqueado, entre em contato com o administrador.' };
  const translate = (key: string) => catalog[key] ?? key;
  const exists = (key: string) => key in catalog;

  it('translates known codes and shows unknown ones as they are', () => {
    expect(describeCode('USER_IS_DISABLED', translate, exists)).toBe('Usuario bloqueado, entre em contato com o administrador.');
    expect(describeCode('USER_HAS_EXPIRED', translate, exists)).toBe('USER_HAS_EXPIRED');
  });
});

describe('accountCode', () => {
  it("names a refused write after the account's restriction, and leaves other codes alone", () => {
    expect(accountCode('WRITE_ACCESS_DENIED', 'ACCOUNT_IS_READONLY')).toBe('ACCOUNT_IS_READONLY');
    expect(accountCode('WRITE_ACCESS_DENIED', 'ACCOUNT_IS_DEVICE_READONLY')).toBe('ACCOUNT_IS_DEVICE_READONLY');
    expect(accountCode('WRITE_ACCESS_DENIED', null)).toBe('WRITE_ACCESS_DENIED');
    expect(accountCode('USER_DEVICE_LIMIT_REACHED', 'ACCOUNT_IS_READONLY')).toBe('USER_DEVICE_LIMIT_REACHED');
  });
});
