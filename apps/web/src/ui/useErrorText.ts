import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { accountRestriction, useAccessContext } from '../access/permissions.ts';
import { accountCode, describeCode, errorCode } from './errorMessage.ts';

/**
 * Turns an error (or a catalog code) into the text to show, in the current language. A write the
 * server refused because the account is read-only or device-read-only is told as such (spec §8).
 */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  const access = useAccessContext();
  const restriction = access && accountRestriction(access);
  return useCallback(
    (error: unknown, context?: 'login' | 'session') =>
      describeCode(accountCode(typeof error === 'string' ? error : errorCode(error, context), restriction), t, (key) => i18n.exists(key)),
    [t, i18n, restriction],
  );
}
