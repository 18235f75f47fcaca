import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { StatusCounts, StatusFilter } from './deviceFilter.ts';

const FILTERS: StatusFilter[] = ['all', 'online', 'offline', 'unknown', 'moving'];

interface StatusFilterBarProps {
  counts: StatusCounts;
  value: StatusFilter;
  onChange(filter: StatusFilter): void;
}

/** Device counts per status and in motion; each count also filters the list. */
export function StatusFilterBar({ counts, value, onChange }: StatusFilterBarProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" useFlexGap flexWrap="wrap" gap={0.75} sx={{ px: 1.5, pb: 1 }} role="group" aria-label={t('devices.statusFilter')}>
      {FILTERS.map((filter) => (
        <Chip
          key={filter}
          data-testid={`count-${filter}`}
          size="small"
          label={`${t(`devices.filter.${filter}`)} ${counts[filter]}`}
          color={value === filter ? 'primary' : 'default'}
          variant={value === filter ? 'filled' : 'outlined'}
          aria-pressed={value === filter}
          onClick={() => onChange(value === filter && filter !== 'all' ? 'all' : filter)}
        />
      ))}
    </Stack>
  );
}
