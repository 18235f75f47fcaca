import { useState, type SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { CameraScanner } from './CameraScanner.tsx';
import { vehicleIdOf } from './vehicleCode.ts';

/** Finds the vehicle: the camera reads its QR code, or the driver types the code printed under it. */
export function ScanDialog({ onVehicle, onClose }: { onVehicle: (deviceId: number) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);

  const take = (text: string) => {
    const id = vehicleIdOf(text);
    if (id === null) setInvalid(true);
    else onVehicle(id);
  };
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    take(code);
  };

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="xs" data-testid="qr-scan-dialog">
      <DialogTitle>{t('qrDriver.scanTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} component="form" id="qr-code-form" onSubmit={submit} noValidate>
          <Typography color="text.secondary">{t('qrDriver.scanHint')}</Typography>
          <CameraScanner onCode={take} />
          {invalid && <Alert severity="error">{t('qrDriver.codeInvalid')}</Alert>}
          <TextField
            label={t('qrDriver.code')}
            helperText={t('qrDriver.codeHint')}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setInvalid(false);
            }}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'qr-code-input' } }}
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('qrDriver.cancel')}</Button>
        <Button type="submit" form="qr-code-form" variant="contained" disabled={code.trim() === ''} data-testid="qr-code-continue">
          {t('qrDriver.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
