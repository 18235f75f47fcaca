import { useState } from 'react';
import SendIcon from '@mui/icons-material/Send';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { isEngineCommand, lockUnlockEnabled } from '@rastro/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { areaAllowed, useAccessContext } from '../../access/permissions.ts';
import { commandsApi, type EntityApi, type SavedCommand } from '../../api/entities.ts';
import { getCommandTypes } from '../../api/management.ts';
import { useServerInfo } from '../../api/queries.ts';
import { nameOf } from '../../i18n/names.ts';
import { EntityListPage, type EntityDescription } from '../../ui/entity/EntityListPage.tsx';
import { useNotice } from '../../ui/useNotice.tsx';
import { SendCommandDialog } from './SendCommandDialog.tsx';

/** Saves only what the chosen type shows: the command text belongs to custom commands alone. */
const savedCommandsApi: EntityApi<SavedCommand> = {
  ...commandsApi,
  save: (command) => {
    if (command.type === 'custom' || !('data' in command.attributes)) return commandsApi.save(command);
    const { data: _data, ...attributes } = command.attributes;
    return commandsApi.save({ ...command, attributes });
  },
};

/**
 * Whether the signed-in user may send a saved command, as the server checks it: not read-only
 * (nor on a read-only server), and with advanced permissions the devices area's bit for it
 * (engine stop and resume are lock and unlock, any other type is command). Lock and unlock go
 * only while the server's `enableLockUnlock` (spec §3) is on.
 */
function useMaySend(): (command: SavedCommand) => boolean {
  const access = useAccessContext();
  const server = useServerInfo().data?.server;
  return (command) => {
    if (!access || !server) return false;
    const { user } = access;
    if (!user.administrator && (user.readonly || server.readonly)) return false;
    if (isEngineCommand(command.type) && !lockUnlockEnabled(server.attributes)) return false;
    const action = command.type === 'engineStop' ? 'lock' : command.type === 'engineResume' ? 'unlock' : 'command';
    return areaAllowed('devices', access, action);
  };
}

export default function CommandsPage() {
  const { t, i18n } = useTranslation();
  const maySend = useMaySend();
  const [sending, setSending] = useState<SavedCommand | null>(null);
  const [notice, showNotice] = useNotice();
  // the text channel needs the server's SMS gateway; a command already set to it keeps the switch to turn it off
  const textEnabled = useServerInfo().data?.server.textEnabled === true;
  const lockUnlock = lockUnlockEnabled(useServerInfo().data?.server.attributes ?? {});
  const types = (useQuery({ queryKey: ['command-types', null], queryFn: () => getCommandTypes() }).data ?? []).filter(
    ({ type }) => lockUnlock || !isEngineCommand(type),
  );
  // a type without a translation shows its wire name rather than a marked key
  const typeName = (type: string) => nameOf(i18n, 'commandType', type);

  const description: EntityDescription<SavedCommand> = {
    area: 'commands',
    title: t('commands.title'),
    newTitle: t('commands.new'),
    editTitle: t('commands.edit'),
    api: savedCommandsApi,
    blank: () => ({ id: 0, description: '', type: 'custom', textChannel: false, attributes: {} }),
    primary: (command) => command.description || typeName(command.type),
    secondary: (command) => typeName(command.type),
    fields: [
      { path: 'description', label: t('commands.description'), kind: 'text', required: true },
      { path: 'type', label: t('commands.type'), kind: 'select', required: true, options: types.map(({ type }) => ({ value: type, label: typeName(type) })) },
      { path: 'attributes.data', label: t('commands.data'), kind: 'multiline', required: true, visible: (command) => command.type === 'custom' },
      { path: 'textChannel', label: t('commands.textChannel'), kind: 'boolean', visible: (command) => textEnabled || command.textChannel },
    ],
    rowActions: (command) => maySend(command) && (
      <Tooltip title={t('commands.send')}>
        <IconButton size="small" onClick={() => setSending(command)} aria-label={t('commands.send')} data-testid="command-send">
          <SendIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    ),
  };
  return (
    <>
      <EntityListPage description={description} />
      {sending && <SendCommandDialog command={sending} onClose={() => setSending(null)} onSent={(text) => showNotice(text)} />}
      {notice}
    </>
  );
}
