import { useTranslation } from 'react-i18next';

/** MUI's Autocomplete speaks English by default: its button labels and texts in the user's language. */
export function useAutocompleteTexts() {
  const { t } = useTranslation();
  return {
    clearText: t('reports.filter.clear'),
    closeText: t('common.close'),
    openText: t('reports.filter.open'),
    noOptionsText: t('reports.filter.noOptions'),
    getLimitTagsText: (count: number) => t('reports.filter.more', { count }),
  };
}

/** How every multiple choice of the report filters behaves: two chips, then "+N"; stays open while choosing. */
export const MULTI_SELECT = { multiple: true, limitTags: 2, disableCloseOnSelect: true } as const;
