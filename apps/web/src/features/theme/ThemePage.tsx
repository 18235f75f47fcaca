import type { Attributes } from '@rastro/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { webConfigQuery } from '../../api/queries.ts';
import { getTheme, saveTheme } from '../../api/tarkan.ts';
import { FormDialogPage } from '../../ui/entity/FormDialogPage.tsx';
import type { FieldSpec } from '../../ui/entity/fields.ts';

type Theme = { attributes: Attributes };

/** Spec §3 Theme (administrators, plus licence): general, login screen, logos and colours. */
export default function ThemePage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const theme = useQuery({ queryKey: ['theme', 'raw'], queryFn: getTheme });
  const general = t('theme.sections.general');
  const login = t('theme.sections.login');
  const logos = t('theme.sections.logos');
  const colors = t('theme.sections.colors');
  const isText = (value: Theme) => value.attributes.logoMode === 'text';
  const fields: FieldSpec<Theme>[] = [
    { path: 'attributes.serviceName', label: t('theme.serviceName'), kind: 'text', section: general },
    { path: 'attributes.whatsapp', label: t('theme.whatsapp'), kind: 'text', helper: t('theme.whatsappHelp'), section: general },
    { path: 'attributes.loginBackground', label: t('theme.loginBackground'), kind: 'text', helper: t('theme.imageUrl'), section: login },
    { path: 'attributes.loginBackgroundColor', label: t('theme.loginBackgroundColor'), kind: 'color', section: login },
    { path: 'attributes.filterColor', label: t('theme.filterColor'), kind: 'color', section: login },
    {
      path: 'attributes.logoMode', label: t('theme.logoMode'), kind: 'select', section: logos,
      options: [{ value: 'image', label: t('theme.logoImage') }, { value: 'text', label: t('theme.logoText') }],
    },
    { path: 'attributes.logo', label: t('theme.logo'), kind: 'text', helper: t('theme.imageUrl'), section: logos, visible: (v) => !isText(v) },
    { path: 'attributes.logoText', label: t('theme.logoTextValue'), kind: 'text', section: logos, visible: isText },
    { path: 'attributes.tarkan.logoWidth', label: t('theme.logoWidth'), kind: 'text', helper: t('theme.logoWidthHelp'), section: logos },
    { path: 'attributes.primaryColor', label: t('theme.primaryColor'), kind: 'color', section: colors },
    { path: 'attributes.secondaryColor', label: t('theme.secondaryColor'), kind: 'color', section: colors },
    { path: 'attributes.darkPrimaryColor', label: t('theme.darkPrimaryColor'), kind: 'color', section: colors },
  ];
  return (
    <FormDialogPage
      title={t('theme.title')}
      fields={fields}
      value={theme.data && { attributes: theme.data }}
      onSave={async (value) => {
        await saveTheme(value.attributes);
        // the app's palette, brand and login screen follow at once
        await client.invalidateQueries({ queryKey: ['theme'] });
        await client.invalidateQueries({ queryKey: webConfigQuery.queryKey });
      }}
    />
  );
}
