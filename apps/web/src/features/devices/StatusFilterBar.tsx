import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { DEVICE_STATUSES } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { updateDeviceFilters, type DeviceFilters } from '../../state/deviceFilters.ts';
import type { StatusCounts } from './deviceFilter.ts';

interface StatusFilterBarProps {
  counts: StatusCounts;
  filters: DeviceFilters;
}

/** Device counts per status and in motion; a status count also filters, and motion combines with it. */
export function StatusFilterBar({ counts, filters }: StatusFilterBarProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" useFlexGap flexWrap="wrap" gap={0.75} sx={{ px: 1.5, pb: 1 }} role="group" aria-label={t('devices.statusFilter')}>
      {(['all', ...DEVICE_STATUSES] as const).map((status) => {
        const active = filters.status === status;
        return (
          <Chip
            key={status}
            data-testid={`count-${status}`}
            size="small"
            label={`${t(`devices.filter.${status}`)} ${counts[status]}`}
            color={active ? 'primary' : 'default'}
            variant={active ? 'filled' : 'outlined'}
            aria-pressed={active}
            onClick={() => updateDeviceFilters({ status: active && status !== 'all' ? 'all' : status })}
          />
        );
      })}
      <Chip
        data-testid="count-moving"
        size="small"
        label={`${t('devices.filter.moving')} ${counts.moving}`}
        color={filters.motionOnly ? 'secondary' : 'default'}
        variant={filters.motionOnly ? 'filled' : 'outlined'}
        aria-pressed={filters.motionOnly}
        onClick={() => updateDeviceFilters({ motionOnly: !filters.motionOnly })}
      />
    </Stack>
  );
}
