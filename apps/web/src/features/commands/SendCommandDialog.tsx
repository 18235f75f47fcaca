import { useState } from 'react';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isSoftDeleted } from '../../api/devices.ts';
import type { SavedCommand } from '../../api/entities.ts';
import { ApiError } from '../../api/http.ts';
import { getCommandTypes, sendSavedCommand } from '../../api/management.ts';
import { useDevices, useServerInfo } from '../../api/queries.ts';
import { nameOf } from '../../i18n/names.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { useSubmit } from '../../ui/useSubmit.ts';

/** The server's words when the SMS gateway refused a message; what follows is the gateway's reason. */
const SMS_NOT_SENT = 'SMS not sent: ';

/**
 * Sends a saved command to one device, warning when the device does not take its type. A command
 * with the text channel goes by SMS to the device's phone, which the server needs a gateway for.
 */
export function SendCommandDialog({ command, onClose, onSent }: { command: SavedCommand; onClose: () => void; onSent: (text: string) => void }) {
  const { t, i18n } = useTranslation();
  const devices = (useDevices().data ?? []).filter((device) => !isSoftDeleted(device));
  const textEnabled = useServerInfo().data?.server.textEnabled === true;
  const bySms = command.textChannel;
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const types = useQuery({
    queryKey: ['command-types', deviceId, bySms],
    queryFn: () => getCommandTypes(deviceId ?? undefined, bySms),
    enabled: deviceId !== null,
  });
  const unsupported = types.data !== undefined && !types.data.some((type) => type.type === command.type);
  const phone = devices.find((device) => device.id === deviceId)?.phone?.trim() ?? '';
  // what keeps the SMS from going, known before sending
  const smsProblem = !bySms ? null : !textEnabled ? t('commands.smsUnavailable') : deviceId !== null && !phone ? t('commands.noPhone') : null;

  const send = useSubmit(async (device: number) => {
    const delivery = await sendSavedCommand(command, device);
    onSent(bySms ? t('commands.sentSms') : delivery === 'queued' ? t('commands.queued', { name: devices.find((item) => item.id === device)?.name ?? '' }) : t('commands.sent'));
    onClose();
  });
  const refused = send.error instanceof ApiError && send.error.message.startsWith(SMS_NOT_SENT) ? send.error.message.slice(SMS_NOT_SENT.length) : null;

  return (
    <FormDialog
      title={t('commands.sendTitle', { name: command.description || nameOf(i18n, 'commandType', command.type) })}
      onClose={onClose}
      onSubmit={() => {
        if (deviceId !== null) send.run(deviceId);
      }}
      busy={send.busy}
      message={refused === null ? send.message : t('commands.smsRefused', { reason: refused })}
      submitLabel={t('commands.send')}
      submitDisabled={deviceId === null || unsupported || smsProblem !== null}
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
      {smsProblem && <Alert severity="warning" sx={{ mt: 2 }}>{smsProblem}</Alert>}
      {bySms && !smsProblem && phone && <Alert severity="info" sx={{ mt: 2 }}>{t('commands.smsTo', { phone })}</Alert>}
    </FormDialog>
  );
}
