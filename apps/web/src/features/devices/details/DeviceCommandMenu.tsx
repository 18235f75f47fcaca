import { useState } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Device } from '@rastro/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getDeviceCommands, sendDeviceCommand, type CommandToSend } from '../../../api/commands.ts';
import type { SavedCommand } from '../../../api/entities.ts';
import { useServerInfo } from '../../../api/queries.ts';
import { nameOf } from '../../../i18n/names.ts';
import { notify } from '../../../state/notice.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { useNoticedTask } from '../../../ui/useSubmit.ts';
import { maySendSaved, type DeviceRights } from '../permissions.ts';
import { CustomCommandDialog } from './CustomCommandDialog.tsx';
import { useDeliveryText } from './useDeliveryText.ts';

interface DeviceCommandMenuProps {
  device: Device;
  rights: DeviceRights;
  /** The button the menu opens from; null while it is closed. */
  anchor: HTMLElement | null;
  onClose: () => void;
}

/**
 * The device's command menu: the saved commands the server lists for it (GET
 * /api/commands/send?deviceId=) that the user's rights let go, each sent after a confirmation, and
 * an ad-hoc command of any type the device takes.
 */
export function DeviceCommandMenu({ device, rights, anchor, onClose }: DeviceCommandMenuProps) {
  const { t, i18n } = useTranslation();
  const deliveryText = useDeliveryText(device);
  const [chosen, setChosen] = useState<SavedCommand | null>(null);
  const [custom, setCustom] = useState(false);
  const open = anchor !== null;
  const saved = useQuery({ queryKey: ['device-commands', device.id], queryFn: () => getDeviceCommands(device.id), enabled: open });
  const sendable = (saved.data ?? []).filter((command) => maySendSaved(rights, command.type));
  const title = (command: CommandToSend) => command.description || nameOf(i18n, 'commandType', command.type);
  // an SMS needs the server's gateway and the device's phone: known before sending, so said instead
  const textEnabled = useServerInfo().data?.server.textEnabled === true;
  const smsProblem = !textEnabled ? t('devices.commands.smsUnavailable') : !device.phone?.trim() ? t('devices.commands.noPhone') : null;
  const secondary = (command: SavedCommand) => {
    if (command.textChannel) return smsProblem ?? t('devices.commands.bySms');
    return command.description ? nameOf(i18n, 'commandType', command.type) : undefined;
  };

  const send = useNoticedTask(
    async (command: SavedCommand) => deliveryText(await sendDeviceCommand(command, device.id), command.textChannel),
    { onSettled: () => setChosen(null) },
  );

  return (
    <>
      <Menu anchorEl={anchor} open={open} onClose={onClose} data-testid="device-command-menu" slotProps={{ list: { dense: true, 'aria-label': t('devices.commands.menu') } }}>
        <ListSubheader sx={{ lineHeight: '32px' }}>{t('devices.commands.saved')}</ListSubheader>
        {saved.isPending && (
          <MenuItem disabled>
            <CircularProgress size={16} sx={{ mr: 1 }} />
            {t('devices.commands.loading')}
          </MenuItem>
        )}
        {saved.isError && <MenuItem disabled>{t('devices.commands.loadFailed')}</MenuItem>}
        {saved.isSuccess && sendable.length === 0 && <MenuItem disabled>{t('devices.commands.none')}</MenuItem>}
        {sendable.map((command) => (
          <MenuItem
            key={command.id}
            data-testid="saved-command"
            disabled={command.textChannel && smsProblem !== null}
            sx={{ whiteSpace: 'normal', maxWidth: 340 }}
            onClick={() => {
              onClose();
              setChosen(command);
            }}
          >
            <ListItemText primary={title(command)} secondary={secondary(command)} />
          </MenuItem>
        ))}
        {rights.commands.custom && <Divider />}
        {rights.commands.custom && (
          <MenuItem
            data-testid="custom-command"
            onClick={() => {
              onClose();
              setCustom(true);
            }}
          >
            {t('devices.commands.custom')}
          </MenuItem>
        )}
      </Menu>
      {chosen && (
        <ConfirmDialog
          open
          title={t('devices.commands.confirmTitle')}
          message={t('devices.commands.confirm', { command: title(chosen), name: device.name })}
          confirmLabel={t('commands.send')}
          danger={chosen.type === 'engineStop'}
          busy={send.busy}
          onConfirm={() => send.run(chosen)}
          onCancel={() => {
            setChosen(null);
            notify(t('errors.userCancel'), 'info');
          }}
        />
      )}
      {custom && <CustomCommandDialog device={device} rights={rights} onClose={() => setCustom(false)} />}
    </>
  );
}
