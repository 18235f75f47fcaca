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
import { modulesPath, qrModules, qrSvg } from '../../../ui/qrCode.ts';

const LABEL_STYLE = `
    body{font-family:system-ui,sans-serif;text-align:center;margin:24mm 0}
    svg{width:70mm;height:70mm}h1{font-size:20pt;margin:0 0 6mm}p{font-size:16pt;margin:4mm 0 0}
  `;

/** Prints the code alone, from a hidden frame, so that the map and panels stay off the paper. */
function printLabel(modules: boolean[][], name: string, code: string): void {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;right:0;bottom:0';
  // only the doctype as markup: it puts the frame's page in standards mode (an empty frame's is in
  // quirks mode); the label itself is built once that page has loaded
  frame.srcdoc = '<!doctype html><meta charset="utf-8">';
  frame.addEventListener('load', () => {
    const doc = frame.contentDocument!;
    doc.title = name;
    const style = doc.createElement('style');
    style.textContent = LABEL_STYLE;
    doc.head.append(style);
    const heading = doc.createElement('h1');
    heading.textContent = name;
    const caption = doc.createElement('p');
    caption.textContent = code;
    doc.body.append(heading, qrSvg(doc, modules), caption);
    const win = frame.contentWindow!;
    win.onafterprint = () => frame.remove();
    setTimeout(() => {
      win.focus();
      win.print();
    }, 50);
  }, { once: true });
  document.body.appendChild(frame);
}

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
