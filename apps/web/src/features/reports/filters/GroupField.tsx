import { useTranslation } from 'react-i18next';
import { useGroups } from '../../../api/queries.ts';
import { MultiSelectField } from './MultiSelectField.tsx';

/** Groups to report on (with their subgroups, as the server expands them); hidden when there are none. */
export function GroupField({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const groups = useGroups().data ?? [];
  if (!groups.length) return null;
  return (
    <MultiSelectField
      flex="1 1 200px"
      label={t('reports.filter.groups')}
      name="groups"
      options={groups}
      optionLabel={(group) => group.name}
      optionKey={(group) => group.id}
      value={groups.filter((group) => value.includes(group.id))}
      onChange={(chosen) => onChange(chosen.map((group) => group.id))}
    />
  );
}
