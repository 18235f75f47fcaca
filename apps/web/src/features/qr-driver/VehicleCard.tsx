import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QrVehicle } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { CategoryIcon } from '../devices/index.ts';

/** A vehicle as the driver recognises it: its icon, name and plate, and what the screen adds. */
export function VehicleCard({ vehicle, children }: { vehicle: QrVehicle; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }} data-testid="qr-vehicle">
      <Stack direction="row" spacing={2} alignItems="center">
        <CategoryIcon category={vehicle.category ?? 'default'} color="primary" sx={{ fontSize: 48 }} />
        <Stack sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="qr-vehicle-name">
            {vehicle.name}
          </Typography>
          {vehicle.plate && <Typography color="text.secondary">{t('qrDriver.plate', { plate: vehicle.plate })}</Typography>}
          {children}
        </Stack>
      </Stack>
    </Paper>
  );
}
