import Chip from '@mui/material/Chip';
import type { DeviceStatus } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from './deviceStatus.ts';

export function StatusChip({ status }: { status: DeviceStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`status.${status}`)}
      sx={{ bgcolor: STATUS_COLORS[status], color: '#fff', fontWeight: 500, height: 22 }}
    />
  );
}
