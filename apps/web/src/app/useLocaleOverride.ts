import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerInfo } from '../api/queries.ts';
import { localeFromAttributes } from '../i18n/locale.ts';
import { useSessionUser } from '../state/session.ts';

/**
 * `tarkan.lang` of the user, else of the server, switches the language when it becomes known
 * (and only then, so a language picked afterwards stays).
 */
export function useLocaleOverride(): void {
  const { i18n } = useTranslation();
  const server = useServerInfo().data?.server;
  const user = useSessionUser();
  const locale = localeFromAttributes(user?.attributes, server?.attributes);

  useEffect(() => {
    if (locale) void i18n.changeLanguage(locale);
  }, [i18n, locale]);
}
