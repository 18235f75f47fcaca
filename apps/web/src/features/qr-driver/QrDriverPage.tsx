import { useState } from 'react';
import LogoutIcon from '@mui/icons-material/Logout';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { QrDriverState } from '@rastro/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { qrCheckOut } from '../../api/qrDriver.ts';
import { useFormats } from '../../state/formats.ts';
import { isQrDriver, useSessionUser } from '../../state/session.ts';
import { useErrorText } from '../../ui/useErrorText.ts';
import { useSubmit } from '../../ui/useSubmit.ts';
import { DriverAction, DriverFrame } from './DriverFrame.tsx';
import { qrStateQuery, useSessionLost } from './driverSession.ts';
import { NotForDriver } from './NotForDriver.tsx';
import { ScanDialog } from './ScanDialog.tsx';
import { VehicleCard } from './VehicleCard.tsx';

/** What the scan page tells this page after a check-in. */
export interface CheckedInFlash {
  checkedIn: string;
  unlock?: QrDriverState['unlock'];
}


/** /qr-driver: the driver's screen: current vehicle and since when, check-out, scan a vehicle. */
export default function QrDriverPage() {
  const { t } = useTranslation();
  const formats = useFormats();
  const time = formats.custom({ day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });
  const errorText = useErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const driver = isQrDriver(useSessionUser());
  const state = useQuery({ ...qrStateQuery, enabled: driver });
  useSessionLost(state.error);
  const [scanning, setScanning] = useState(false);
  const [flash, setFlash] = useState<CheckedInFlash | 'checkedOut' | null>((location.state as CheckedInFlash | null)?.checkedIn ? (location.state as CheckedInFlash) : null);
  const checkOut = useSubmit(() => qrCheckOut(), {
    onSuccess: (data) => {
      queryClient.setQueryData(qrStateQuery.queryKey, data);
      setFlash('checkedOut');
    },
  });
  useSessionLost(checkOut.error);

  if (!driver) return <DriverFrame><NotForDriver /></DriverFrame>;
  const current = state.data;

  return (
    <DriverFrame>
      {current && <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>{t('qrDriver.hello', { name: current.driver.name })}</Typography>}
      {flash === 'checkedOut' && <Alert severity="success" onClose={() => setFlash(null)}>{t('qrDriver.checkedOut')}</Alert>}
      {flash && flash !== 'checkedOut' && (
        <Alert severity="success" onClose={() => setFlash(null)} data-testid="qr-checked-in">
          {t('qrDriver.checkedIn', { name: flash.checkedIn })}
          {flash.unlock && ` ${t(`qrDriver.unlock.${flash.unlock}`)}`}
        </Alert>
      )}
      {state.isPending && <CircularProgress sx={{ alignSelf: 'center' }} />}
      {state.error && !state.data && <Alert severity="error">{errorText(state.error)}</Alert>}
      {checkOut.message !== null && <Alert severity="error">{checkOut.message}</Alert>}
      {current && (
        <>
          <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1 }}>{t('qrDriver.current')}</Typography>
          {current.device ? (
            <VehicleCard vehicle={current.device}>
              {current.since && <Typography data-testid="qr-since">{t('qrDriver.since', { time: time(current.since) })}</Typography>}
              {current.logoutTime && <Typography variant="body2" color="text.secondary">{t('qrDriver.autoLogout', { time: time(current.logoutTime) })}</Typography>}
            </VehicleCard>
          ) : (
            <Alert severity="info" icon={false} data-testid="qr-no-vehicle">{t('qrDriver.none')}</Alert>
          )}
          {current.device && (
            <DriverAction variant="contained" color="error" startIcon={<LogoutIcon />} disabled={checkOut.busy} onClick={() => checkOut.run()} data-testid="qr-check-out">
              {t('qrDriver.checkOut')}
            </DriverAction>
          )}
          <DriverAction variant={current.device ? 'outlined' : 'contained'} startIcon={<QrCodeScannerIcon />} onClick={() => setScanning(true)} data-testid="qr-scan">
            {t('qrDriver.scan')}
          </DriverAction>
        </>
      )}
      {scanning && <ScanDialog onClose={() => setScanning(false)} onVehicle={(id) => navigate(`/qr-driver/scan/${id}`)} />}
    </DriverFrame>
  );
}
