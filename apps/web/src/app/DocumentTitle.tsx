import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useWebConfig } from '../api/queries.ts';
import { themeQuery } from '../api/theme.ts';

/**
 * The browser tab carries the service's name: the theme's service name (spec §3 Theme), else the
 * deployment's config.json title, else the product's brand.
 */
export function DocumentTitle() {
  const { t } = useTranslation();
  const serviceName = useQuery(themeQuery).data?.serviceName;
  const configured = useWebConfig().data?.title;
  const title = serviceName ?? configured ?? t('app.brand');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
