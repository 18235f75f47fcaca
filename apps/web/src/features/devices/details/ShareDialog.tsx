import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Device } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { shareDevice, shareLink } from '../../../api/shares.ts';
import { notify } from '../../../state/notice.ts';
import { CopyableField } from '../../../ui/CopyableField.tsx';
import { useSubmit } from '../../../ui/useSubmit.ts';

/** How long a link may be valid, in hours. */
const DURATIONS = [1, 6, 24, 168] as const;

/** Spec §2: a temporary access link to one device (`POST /api/share/device`). */
export function ShareDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation();
  const [hours, setHours] = useState<number>(24);
  const [token, setToken] = useState<string | null>(null);
  const share = useSubmit(() => shareDevice(device.id, new Date(Date.now() + hours * 3_600_000)), {
    onSuccess: (created) => {
      setToken(created);
      notify(t('devices.share.created'), 'success');
    },
  });
  const link = token ? shareLink(window.location.origin, token) : null;
  // a server without the endpoint answers 404: say so plainly rather than "not found"
  const failure = share.error instanceof ApiError && share.error.status === 404 ? t('devices.share.unavailable') : share.message;

  return (
    <Dialog open onClose={share.busy ? undefined : onClose} fullWidth maxWidth="xs" data-testid="share-dialog">
      <DialogTitle>{t('devices.share.title', { name: device.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select size="small" label={t('devices.share.validFor')} value={hours} onChange={(event) => setHours(Number(event.target.value))} disabled={share.busy || link !== null}>
            {DURATIONS.map((value) => (
              <MenuItem key={value} value={value}>{t('devices.share.hours', { count: value })}</MenuItem>
            ))}
          </TextField>
          {failure && <Alert severity="error" data-testid="share-error">{failure}</Alert>}
          {link && (
            <CopyableField label={t('devices.share.link')} value={link} copyLabel={t('devices.share.copy')} copiedLabel={t('devices.share.copied')} data-testid="share-link" />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={share.busy}>{t('common.close')}</Button>
        {!link && (
          <Button variant="contained" onClick={() => share.run()} disabled={share.busy} data-testid="create-share">
            {t('devices.share.create')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
