import { useState } from 'react';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import Alert from '@mui/material/Alert';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getDeletedDevices, purgeDevice, restoreDevice, type DeletedDevice } from '../../api/deletedDevices.ts';
import { useServerInfo } from '../../api/queries.ts';
import { HOME_PATH } from '../../access/guard.ts';
import { useFormats } from '../../state/formats.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { LabelledIconButton } from '../../ui/LabelledIconButton.tsx';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { Panel } from '../../ui/Panel.tsx';
import { SearchList } from '../../ui/SearchList.tsx';
import { useListState } from '../../ui/StateList.tsx';
import { useNoticedTask } from '../../ui/useSubmit.ts';

type Pending = { action: 'restore' | 'purge'; device: DeletedDevice };

/**
 * Lazy (safe-mode) deletion, spec §3: the devices deleted while the server's option was on,
 * hidden everywhere else with their history. An administrator restores one under its original
 * identifier (refused when another device took it meanwhile) or deletes it for good.
 */
export default function DeletedDevicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formats = useFormats();
  const client = useQueryClient();
  const lazyOn = useServerInfo().data?.server.attributes['tarkan.lazyDeletion'] === true;
  const query = useQuery({ queryKey: ['deleted-devices'], queryFn: getDeletedDevices });
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);

  const task = useNoticedTask(
    async ({ action, device }: Pending) => {
      if (action === 'restore') await restoreDevice(device.id);
      else await purgeDevice(device.id);
      // a restored device is back in every list
      await Promise.all([client.invalidateQueries({ queryKey: ['deleted-devices'] }), client.invalidateQueries({ queryKey: ['devices'] })]);
      return t(action === 'restore' ? 'devices.deleted.restored' : 'devices.deleted.purged', { name: device.name });
    },
    {
      failed: (text, _error, { action }) => t(action === 'restore' ? 'devices.deleted.restoreFailed' : 'devices.deleted.purgeFailed', { error: text }),
      onSettled: () => setPending(null),
    },
  );

  const needle = search.trim().toLowerCase();
  const items = (query.data ?? []).filter((device) => !needle || device.name.toLowerCase().includes(needle) || device.originalUniqueId.toLowerCase().includes(needle));
  const listState = useListState(query, items.length, { text: t('devices.deleted.empty'), testId: 'deleted-empty' });

  return (
    <Panel title={t('devices.deleted.title')} onBack={() => navigate(-1)} onClose={() => navigate(HOME_PATH)}>
      {query.isPending && <LoadingBar />}
      <SearchList
        search={search}
        onSearch={setSearch}
        header={(
          <Alert severity={lazyOn ? 'info' : 'warning'} sx={{ mx: 1, mb: 1 }} data-testid="lazy-deletion-state">
            {t(lazyOn ? 'devices.deleted.lazyOn' : 'devices.deleted.lazyOff')}
          </Alert>
        )}
        {...listState}
        listTestId="deleted-list"
      >
        {items.map((device) => (
          <ListItem
            key={device.id}
            divider
            data-testid="deleted-row"
            sx={{ pr: 12 }}
            secondaryAction={(
              <>
                <LabelledIconButton
                  label={t('devices.deleted.restore')}
                  icon={<RestoreFromTrashIcon fontSize="small" />}
                  onClick={() => setPending({ action: 'restore', device })}
                  testId="deleted-restore"
                />
                <LabelledIconButton
                  label={t('devices.deleted.purge')}
                  icon={<DeleteForeverIcon fontSize="small" />}
                  edge="end"
                  color="error"
                  onClick={() => setPending({ action: 'purge', device })}
                  testId="deleted-purge"
                />
              </>
            )}
          >
            <ListItemText
              primary={device.name}
              secondary={t('devices.deleted.details', { uniqueId: device.originalUniqueId, time: formats.dateTime(device.deletedTime) })}
              slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
            />
          </ListItem>
        ))}
      </SearchList>
      <ConfirmDialog
        open={pending !== null}
        title={t(pending?.action === 'purge' ? 'devices.deleted.purgeTitle' : 'devices.deleted.restoreTitle')}
        message={t(pending?.action === 'purge' ? 'devices.deleted.purgeMessage' : 'devices.deleted.restoreMessage', {
          name: pending?.device.name ?? '', uniqueId: pending?.device.originalUniqueId ?? '',
        })}
        confirmLabel={t(pending?.action === 'purge' ? 'devices.deleted.purge' : 'devices.deleted.restore')}
        danger={pending?.action === 'purge'}
        busy={task.busy}
        onConfirm={() => pending && task.run(pending)}
        onCancel={() => setPending(null)}
      />
    </Panel>
  );
}
