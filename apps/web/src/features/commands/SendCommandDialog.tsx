import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isSoftDeleted } from '../../api/devices.ts';
import type { SavedCommand } from '../../api/entities.ts';
import { getCommandTypes, sendSavedCommand } from '../../api/management.ts';
import { useDevices } from '../../api/queries.ts';
import { useErrorText } from '../../ui/useErrorText.ts';

/** Sends a saved command to one device, warning when the device's protocol does not know its type. */
export function SendCommandDialog({ command, onClose, onSent }: { command: SavedCommand; onClose(): void; onSent(text: string): void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const devices = (useDevices().data ?? []).filter((device) => !isSoftDeleted(device));
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const types = useQuery({
    queryKey: ['command-types', deviceId],
    queryFn: () => getCommandTypes(deviceId ?? undefined),
    enabled: deviceId !== null,
  });
  const unsupported = types.data !== undefined && !types.data.some((type) => type.type === command.type);

  const send = async () => {
    if (deviceId === null) return;
    setBusy(true);
    setError(null);
    try {
      const delivery = await sendSavedCommand(command, deviceId);
      onSent(delivery === 'queued' ? t('commands.queued') : t('commands.sent'));
      onClose();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" data-testid="send-command-dialog">
      <DialogTitle>{t('commands.sendTitle', { name: command.description || command.type })}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
        <TextField select fullWidth size="small" sx={{ mt: 1 }} label={t('commands.device')} value={deviceId ?? ''} onChange={(event) => setDeviceId(Number(event.target.value))}>
          {devices.map((device) => (
            <MenuItem key={device.id} value={device.id}>
              {device.name}
            </MenuItem>
          ))}
        </TextField>
        {unsupported && <Alert severity="warning" sx={{ mt: 2 }}>{t('commands.unsupported')}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={deviceId === null || busy || unsupported} data-testid="send-command">
          {t('commands.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
