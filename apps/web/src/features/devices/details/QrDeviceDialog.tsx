import { useEffect, useState } from 'react';
import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Device } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { qrScanLink } from '../../../api/qrDriver.ts';
import { modulesPath, qrModules } from '../../../ui/qrCode.ts';
import { printLabel } from './printLabel.ts';

/**
 * Spec §2 "QR device" dialog: the code to stick on the vehicle. It opens this server's
 * /qr-driver/scan/<id>, where a QR driver confirms the check-in; the number below it is the
 * code a driver types when the camera cannot read it.
 */
export function QrDeviceDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation();
  const link = qrScanLink(window.location.origin, device.id);
  const [modules, setModules] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let current = true;
    void qrModules(link).then((result) => current && setModules(result));
    return () => {
      current = false;
    };
  }, [link]);
  const code = t('qrDriver.printDialog.code', { id: device.id });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="qr-device-dialog">
      <DialogTitle>{t('qrDriver.printDialog.title', { name: device.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} alignItems="center">
          <Typography color="text.secondary" variant="body2" sx={{ alignSelf: 'stretch' }}>{t('qrDriver.printDialog.hint')}</Typography>
          <Box sx={{ width: 240, height: 240, display: 'grid', placeItems: 'center', bgcolor: '#fff', borderRadius: 1 }}>
            {modules ? (
              <svg viewBox={`0 0 ${modules.length} ${modules.length}`} width={240} height={240} shapeRendering="crispEdges" role="img" aria-label={link} data-testid="qr-device-code">
                <rect width={modules.length} height={modules.length} fill="#fff" />
                <path d={modulesPath(modules)} fill="#000" />
              </svg>
            ) : (
              <CircularProgress />
            )}
          </Box>
          <Typography variant="h6" component="p">{code}</Typography>
          <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>{link}</Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('qrDriver.printDialog.close')}</Button>
        <Button variant="contained" startIcon={<PrintIcon />} disabled={!modules} onClick={() => modules && printLabel(modules, device.name, code)} data-testid="qr-device-print">
          {t('qrDriver.printDialog.print')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
