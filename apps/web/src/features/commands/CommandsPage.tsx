import { useState } from 'react';
import SendIcon from '@mui/icons-material/Send';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { commandsApi, type SavedCommand } from '../../api/entities.ts';
import { getCommandTypes } from '../../api/management.ts';
import { EntityListPage, type EntityDescription } from '../../ui/entity/EntityListPage.tsx';
import { useNotice } from '../../ui/useNotice.tsx';
import { SendCommandDialog } from './SendCommandDialog.tsx';

export default function CommandsPage() {
  const { t, i18n } = useTranslation();
  const [sending, setSending] = useState<SavedCommand | null>(null);
  const [notice, showNotice] = useNotice();
  const types = useQuery({ queryKey: ['command-types', null], queryFn: () => getCommandTypes() }).data ?? [];
  // a type without a translation shows its wire name rather than a marked key
  const typeName = (type: string) => (i18n.exists(`commands.types.${type}`) ? t(`commands.types.${type}`) : type);

  const description: EntityDescription<SavedCommand> = {
    area: 'commands',
    title: t('commands.title'),
    newTitle: t('commands.new'),
    editTitle: t('commands.edit'),
    api: commandsApi,
    blank: () => ({ id: 0, description: '', type: 'custom', textChannel: false, attributes: {} }),
    primary: (command) => command.description || typeName(command.type),
    secondary: (command) => typeName(command.type),
    fields: [
      { path: 'description', label: t('commands.description'), kind: 'text', required: true },
      { path: 'type', label: t('commands.type'), kind: 'select', required: true, options: types.map(({ type }) => ({ value: type, label: typeName(type) })) },
      { path: 'attributes.data', label: t('commands.data'), kind: 'multiline', required: true, visible: (command) => command.type === 'custom' },
      { path: 'textChannel', label: t('commands.textChannel'), kind: 'boolean' },
    ],
    rowActions: (command) => (
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
