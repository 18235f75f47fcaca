import { useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { Device } from '@rastro/api';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { shareDevice, shareLink } from '../../../api/shares.ts';
import { useErrorText } from '../../../ui/useErrorText.ts';

/** How long a link may be valid, in hours. */
const DURATIONS = [1, 6, 24, 168] as const;

/** Spec §2: a temporary access link to one device (`POST /api/share/device`). */
export function ShareDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [hours, setHours] = useState<number>(24);
  const [copied, setCopied] = useState(false);
  const share = useMutation({
    mutationFn: () => shareDevice(device.id, new Date(Date.now() + hours * 3_600_000)),
  });
  const link = share.data ? shareLink(window.location.origin, share.data) : null;
  // a server without the endpoint answers 404: say so plainly rather than "not found"
  const failure = share.error instanceof ApiError && share.error.status === 404 ? t('devices.share.unavailable') : share.error && errorText(share.error);

  const copy = async () => {
    if (!link) return;
    await navigator.clipboard.writeText(link);
    setCopied(true);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="share-dialog">
      <DialogTitle>{t('devices.share.title', { name: device.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select size="small" label={t('devices.share.validFor')} value={hours} onChange={(event) => setHours(Number(event.target.value))} disabled={share.isPending || link !== null}>
            {DURATIONS.map((value) => (
              <MenuItem key={value} value={value}>{t('devices.share.hours', { count: value })}</MenuItem>
            ))}
          </TextField>
          {failure && <Alert severity="error" data-testid="share-error">{failure}</Alert>}
          {link && (
            <TextField
              size="small"
              label={t('devices.share.link')}
              value={link}
              data-testid="share-link"
              slotProps={{
                htmlInput: { readOnly: true },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <Tooltip title={copied ? t('devices.share.copied') : t('devices.share.copy')}>
                        <IconButton edge="end" onClick={() => void copy()} aria-label={t('devices.share.copy')}>
                          <ContentCopyIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </InputAdornment>
                  ),
                },
              }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        {!link && (
          <Button variant="contained" onClick={() => share.mutate()} disabled={share.isPending} data-testid="create-share">
            {t('devices.share.create')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
