import { useState } from 'react';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isSoftDeleted } from '../../api/devices.ts';
import type { SavedCommand } from '../../api/entities.ts';
import { getCommandTypes, sendSavedCommand } from '../../api/management.ts';
import { useDevices } from '../../api/queries.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { useSubmit } from '../../ui/useSubmit.ts';

/** Sends a saved command to one device, warning when the device's protocol does not know its type. */
export function SendCommandDialog({ command, onClose, onSent }: { command: SavedCommand; onClose: () => void; onSent: (text: string) => void }) {
  const { t } = useTranslation();
  const devices = (useDevices().data ?? []).filter((device) => !isSoftDeleted(device));
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const types = useQuery({
    queryKey: ['command-types', deviceId],
    queryFn: () => getCommandTypes(deviceId ?? undefined),
    enabled: deviceId !== null,
  });
  const unsupported = types.data !== undefined && !types.data.some((type) => type.type === command.type);

  const send = useSubmit(async (device: number) => {
    const delivery = await sendSavedCommand(command, device);
    onSent(delivery === 'queued' ? t('commands.queued') : t('commands.sent'));
    onClose();
  });

  return (
    <FormDialog
      title={t('commands.sendTitle', { name: command.description || command.type })}
      onClose={onClose}
      onSubmit={() => {
        if (deviceId !== null) send.run(deviceId);
      }}
      busy={send.busy}
      message={send.message}
      submitLabel={t('commands.send')}
      submitDisabled={deviceId === null || unsupported}
      submitTestId="send-command"
      data-testid="send-command-dialog"
    >
      <TextField select fullWidth size="small" sx={{ mt: 1 }} label={t('commands.device')} value={deviceId ?? ''} onChange={(event) => setDeviceId(Number(event.target.value))}>
        {devices.map((device) => (
          <MenuItem key={device.id} value={device.id}>
            {device.name}
          </MenuItem>
        ))}
      </TextField>
      {unsupported && <Alert severity="warning" sx={{ mt: 2 }}>{t('commands.unsupported')}</Alert>}
    </FormDialog>
  );
}
