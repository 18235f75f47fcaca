import { useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { Attributes, Device } from '@rastro/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sendDeviceCommand } from '../../../api/commands.ts';
import { getCommandTypes } from '../../../api/management.ts';
import { useServerInfo } from '../../../api/queries.ts';
import { nameOf } from '../../../i18n/names.ts';
import { notify } from '../../../state/notice.ts';
import { FormDialog } from '../../../ui/FormDialog.tsx';
import { useSubmit } from '../../../ui/useSubmit.ts';
import type { DeviceRights } from '../permissions.ts';
import { useDeliveryText } from './useDeliveryText.ts';

/**
 * An ad-hoc command to this device: a type it takes (over its protocol, or by SMS when the server
 * has a gateway and the device a phone) and, for a custom one, its text.
 */
export function CustomCommandDialog({ device, rights, onClose }: { device: Device; rights: DeviceRights; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const deliveryText = useDeliveryText(device);
  const textEnabled = useServerInfo().data?.server.textEnabled === true;
  const [textChannel, setTextChannel] = useState(false);
  const [type, setType] = useState('');
  const [data, setData] = useState('');
  const [dataMissing, setDataMissing] = useState(false);
  const types = useQuery({ queryKey: ['command-types', device.id, textChannel], queryFn: () => getCommandTypes(device.id, textChannel) });
  // engine stop and resume sent ad hoc are lock and unlock, each with its own right
  const offered = (types.data ?? []).map(({ type: offeredType }) => offeredType).filter(
    (offeredType) => (offeredType !== 'engineStop' || rights.lock) && (offeredType !== 'engineResume' || rights.unlock),
  );
  const chosen = offered.includes(type) ? type : '';
  const noPhone = textChannel && !device.phone?.trim();

  const send = useSubmit(async () => {
    const attributes: Attributes = chosen === 'custom' ? { data: data.trim() } : {};
    const delivery = await sendDeviceCommand({ id: 0, description: null, type: chosen, textChannel, attributes }, device.id);
    notify(deliveryText(delivery, textChannel));
    onClose();
  });

  return (
    <FormDialog
      title={t('devices.commands.customTitle', { name: device.name })}
      onClose={onClose}
      onSubmit={() => {
        const missing = chosen === 'custom' && data.trim() === '';
        setDataMissing(missing);
        if (!missing) send.run();
      }}
      busy={send.busy}
      message={send.message}
      submitLabel={t('commands.send')}
      submitDisabled={chosen === '' || noPhone}
      submitTestId="send-custom-command"
      data-testid="custom-command-dialog"
    >
      {textEnabled && (
        <FormControlLabel
          control={<Switch checked={textChannel} onChange={(event) => setTextChannel(event.target.checked)} />}
          label={t('commands.textChannel')}
        />
      )}
      <TextField
        select
        fullWidth
        size="small"
        sx={{ mt: 1 }}
        label={t('commands.type')}
        value={chosen}
        onChange={(event) => setType(event.target.value)}
        helperText={types.isSuccess && offered.length === 0 ? t('devices.commands.noTypes') : undefined}
      >
        {offered.map((offeredType) => (
          <MenuItem key={offeredType} value={offeredType}>
            {nameOf(i18n, 'commandType', offeredType)}
          </MenuItem>
        ))}
      </TextField>
      {chosen === 'custom' && (
        <TextField
          fullWidth
          multiline
          minRows={2}
          size="small"
          sx={{ mt: 2 }}
          label={t('commands.data')}
          value={data}
          onChange={(event) => setData(event.target.value)}
          required
          error={dataMissing}
          helperText={dataMissing ? t('devices.commands.dataRequired') : undefined}
        />
      )}
      {noPhone && <Alert severity="warning" sx={{ mt: 2 }}>{t('commands.noPhone')}</Alert>}
      {textChannel && !noPhone && <Alert severity="info" sx={{ mt: 2 }}>{t('commands.smsTo', { phone: device.phone?.trim() })}</Alert>}
    </FormDialog>
  );
}
