import NativeSelect from '@mui/material/NativeSelect';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LOCALES } from '../../i18n/locale.ts';

/** Each language named in itself, so a reader finds theirs whatever the current language. */
function nativeName(locale: string): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      value={i18n.resolvedLanguage ?? i18n.language}
      onChange={(event) => void i18n.changeLanguage(event.target.value)}
      inputProps={{ 'aria-label': t('auth.language') }}
      variant="standard"
      disableUnderline
      sx={{ fontSize: 14 }}
    >
      {SUPPORTED_LOCALES.map((locale) => (
        <option key={locale} value={locale}>
          {nativeName(locale)}
        </option>
      ))}
    </NativeSelect>
  );
}
