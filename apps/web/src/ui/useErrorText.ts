import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { describeCode, errorCode } from './errorMessage.ts';

/** Turns an error (or a catalog code) into the text to show, in the current language. */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown, context?: 'login' | 'session') =>
      describeCode(typeof error === 'string' ? error : errorCode(error, context), t, (key) => i18n.exists(key)),
    [t, i18n],
  );
}
