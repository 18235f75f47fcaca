import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { getQrVehicle, qrCheckIn } from '../../api/qrDriver.ts';
import { isQrDriver, useSessionUser } from '../../state/session.ts';
import { useErrorText } from '../../ui/useErrorText.ts';
import { useSubmit } from '../../ui/useSubmit.ts';
import { DriverAction, DriverFrame } from './DriverFrame.tsx';
import { qrStateQuery, useSessionLost } from './driverSession.ts';
import { NotForDriver } from './NotForDriver.tsx';
import type { CheckedInFlash } from './QrDriverPage.tsx';
import { VehicleCard } from './VehicleCard.tsx';
import { vehicleIdOf } from './vehicleCode.ts';

const DRIVER_HOME = '/qr-driver';

/** /qr-driver/scan/{id}, opened by the QR code on a vehicle: shows the vehicle and confirms the check-in. */
export default function QrScanPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const driver = isQrDriver(useSessionUser());
  const deviceId = vehicleIdOf(useParams().id ?? '');
  const vehicle = useQuery({
    queryKey: ['qr-vehicle', deviceId],
    queryFn: () => getQrVehicle(deviceId!),
    enabled: driver && deviceId !== null,
    retry: false,
  });
  const state = useQuery({ ...qrStateQuery, enabled: driver });
  const checkIn = useSubmit(() => qrCheckIn(deviceId!), {
    onSuccess: (data) => {
      queryClient.setQueryData(qrStateQuery.queryKey, data);
      const flash: CheckedInFlash = { checkedIn: data.device?.name ?? '', unlock: data.unlock };
      void navigate(DRIVER_HOME, { replace: true, state: flash });
    },
  });
  useSessionLost(vehicle.error ?? state.error ?? checkIn.error);
  const describe = (error: unknown): string | null => {
    if (!error) return null;
    if (error instanceof ApiError && error.status === 404) return t('qrDriver.vehicleNotFound');
    if (error instanceof ApiError && error.status === 403) return t('qrDriver.vehicleDenied');
    return errorText(error);
  };

  if (!driver) return <DriverFrame><NotForDriver /></DriverFrame>;
  const problem = deviceId === null ? t('qrDriver.vehicleNotFound') : describe(vehicle.error ?? checkIn.error);
  const current = state.data?.device;

  return (
    <DriverFrame>
      {vehicle.isLoading && <CircularProgress sx={{ alignSelf: 'center' }} />}
      {problem && <Alert severity="error" data-testid="qr-scan-error">{problem}</Alert>}
      {vehicle.data && (
        <>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>{t('qrDriver.confirmQuestion')}</Typography>
          <VehicleCard vehicle={vehicle.data} />
          {current && current.id === vehicle.data.id && <Alert severity="info">{t('qrDriver.alreadyHere')}</Alert>}
          {current && current.id !== vehicle.data.id && <Alert severity="warning">{t('qrDriver.leaves', { name: current.name })}</Alert>}
          <DriverAction variant="contained" startIcon={<CheckCircleIcon />} disabled={checkIn.busy} onClick={() => checkIn.run()} data-testid="qr-confirm">
            {t('qrDriver.confirm')}
          </DriverAction>
        </>
      )}
      <Button size="large" onClick={() => navigate(DRIVER_HOME)} data-testid="qr-cancel">{t('qrDriver.cancel')}</Button>
    </DriverFrame>
  );
}
