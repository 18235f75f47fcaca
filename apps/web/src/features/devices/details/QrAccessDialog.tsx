import { useEffect, useState } from 'react';
import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getQrAccess, issueQrAccess, revokeQrAccess } from '../../../api/qrAccess.ts';
import { shareLink } from '../../../api/shares.ts';
import { useFormats } from '../../../state/formats.ts';
import { notify } from '../../../state/notice.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { modulesPath, qrModules } from '../../../ui/qrCode.ts';
import { CopyableField } from '../../../ui/CopyableField.tsx';
import { useErrorText } from '../../../ui/useErrorText.ts';
import { useSubmit } from '../../../ui/useSubmit.ts';
import { printLabel } from './printLabel.ts';

/**
 * Spec §3/§6 QR device: the vehicle's access code. Scanning it signs in (through /share/<token>)
 * as a login tied to this vehicle only, which opens straight onto its details and changes
 * nothing. The server shows the token once, when issued; issuing again replaces the code.
 */
export function QrAccessDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const formats = useFormats();
  const client = useQueryClient();
  const key = ['qr-access', device.id];
  const state = useQuery({ queryKey: key, queryFn: () => getQrAccess(device.id) });
  const [confirm, setConfirm] = useState<'replace' | 'revoke' | null>(null);
  // the token comes once, in the answer that issues it
  const [token, setToken] = useState<string | undefined>(undefined);
  const issue = useSubmit(() => issueQrAccess(device.id), {
    onSuccess: (access) => {
      client.setQueryData(key, { ...access, token: undefined });
      setToken(access.token);
      notify(t('devices.qrAccess.issued'), 'success');
    },
    onSettled: () => setConfirm(null),
  });
  const revoke = useSubmit(() => revokeQrAccess(device.id), {
    onSuccess: () => {
      issue.reset();
      setToken(undefined);
      client.setQueryData(key, { deviceId: device.id, active: false });
      notify(t('devices.qrAccess.revoked'), 'success');
    },
    onSettled: () => setConfirm(null),
  });
  const link = token ? shareLink(window.location.origin, token) : null;
  const [modules, setModules] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let current = true;
    if (link) void qrModules(link).then((result) => current && setModules(result));
    return () => {
      current = false;
    };
  }, [link]);
  const failure = state.error ?? issue.error ?? revoke.error;
  const active = state.data?.active === true;
  const busy = issue.busy || revoke.busy;

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" data-testid="qr-access-dialog">
      <DialogTitle>{t('devices.qrAccess.title', { name: device.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">{t('devices.qrAccess.hint')}</Typography>
          {state.isPending && <CircularProgress size={24} sx={{ alignSelf: 'center' }} />}
          {failure ? <Alert severity="error" data-testid="qr-access-error">{errorText(failure)}</Alert> : null}
          {state.data && !link && (
            <Alert severity={active ? 'success' : 'info'} data-testid="qr-access-state">
              {active && state.data.createdTime
                ? t('devices.qrAccess.activeSince', { time: formats.dateTime(state.data.createdTime) })
                : t('devices.qrAccess.none')}
            </Alert>
          )}
          {link && (
            <>
              <Alert severity="warning">{t('devices.qrAccess.onlyOnce')}</Alert>
              <Box sx={{ alignSelf: 'center', width: 220, height: 220, display: 'grid', placeItems: 'center', bgcolor: '#fff', borderRadius: 1 }}>
                {modules ? (
                  <svg viewBox={`0 0 ${modules.length} ${modules.length}`} width={220} height={220} shapeRendering="crispEdges" role="img" aria-label={t('devices.qrAccess.codeLabel')} data-testid="qr-access-code">
                    <rect width={modules.length} height={modules.length} fill="#fff" />
                    <path d={modulesPath(modules)} fill="#000" />
                  </svg>
                ) : (
                  <CircularProgress />
                )}
              </Box>
              <CopyableField label={t('devices.qrAccess.link')} value={link} copyLabel={t('devices.share.copy')} copiedLabel={t('devices.share.copied')} data-testid="qr-access-link" />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        {active && (
          <Button color="error" onClick={() => setConfirm('revoke')} disabled={busy} data-testid="qr-access-revoke">
            {t('devices.qrAccess.revoke')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose} disabled={busy}>{t('common.close')}</Button>
        {link ? (
          <Button variant="contained" startIcon={<PrintIcon />} disabled={!modules} onClick={() => modules && printLabel(modules, device.name, t('devices.qrAccess.printCaption'))}>
            {t('devices.qrAccess.print')}
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={busy || !state.data}
            onClick={() => (active ? setConfirm('replace') : issue.run())}
            data-testid="qr-access-issue"
          >
            {t(active ? 'devices.qrAccess.replace' : 'devices.qrAccess.issue')}
          </Button>
        )}
      </DialogActions>
      <ConfirmDialog
        open={confirm !== null}
        title={t(confirm === 'revoke' ? 'devices.qrAccess.revokeTitle' : 'devices.qrAccess.replaceTitle')}
        message={t(confirm === 'revoke' ? 'devices.qrAccess.revokeMessage' : 'devices.qrAccess.replaceMessage', { name: device.name })}
        confirmLabel={t(confirm === 'revoke' ? 'devices.qrAccess.revoke' : 'devices.qrAccess.replace')}
        danger
        busy={busy}
        onConfirm={() => (confirm === 'revoke' ? revoke.run() : issue.run())}
        onCancel={() => setConfirm(null)}
      />
    </Dialog>
  );
}
