import NativeSelect from '@mui/material/NativeSelect';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_OPTIONS } from '../../i18n/locale.ts';

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
      {/* each language named in itself, so a reader finds theirs whatever the page's language */}
      {LANGUAGE_OPTIONS.map(({ value, label }) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </NativeSelect>
  );
}
