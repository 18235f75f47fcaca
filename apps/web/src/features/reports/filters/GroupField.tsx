import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Group } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../../../api/queries.ts';
import { MULTI_SELECT, useAutocompleteTexts } from './useAutocompleteTexts.ts';

/** Groups to report on (with their subgroups, as the server expands them); hidden when there are none. */
export function GroupField({ value, onChange }: { value: number[]; onChange(ids: number[]): void }) {
  const { t } = useTranslation();
  const groups = useGroups().data ?? [];
  const texts = useAutocompleteTexts();
  if (!groups.length) return null;
  return (
    <Autocomplete
      {...texts}
      {...MULTI_SELECT}
      size="small"
      sx={{ flex: '1 1 200px', minWidth: 0 }}
      options={groups}
      getOptionLabel={(group: Group) => group.name}
      getOptionKey={(group: Group) => group.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      value={groups.filter((group) => value.includes(group.id))}
      onChange={(_, chosen) => onChange(chosen.map((group) => group.id))}
      renderInput={(params) => <TextField {...params} label={t('reports.filter.groups')} name="groups" />}
    />
  );
}
