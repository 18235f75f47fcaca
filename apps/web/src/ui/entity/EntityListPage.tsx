import { useState, type ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { PermissionArea } from '@rastro/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { EntityApi } from '../../api/entities.ts';
import { useAreaActions } from '../../access/can.ts';
import { HOME_PATH } from '../../access/guard.ts';
import { AccountNotice } from '../AccountNotice.tsx';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { LabelledIconButton } from '../LabelledIconButton.tsx';
import { SearchList } from '../SearchList.tsx';
import { LoadingBar } from '../LoadingBar.tsx';
import { Panel } from '../Panel.tsx';
import { useListState } from '../StateList.tsx';
import { useNotice } from '../useNotice.tsx';
import { useNoticedTask } from '../useSubmit.ts';
import { EntityEditDialog } from './EntityEditDialog.tsx';
import type { FieldSpec } from './fields.ts';

/** Everything the generic list and editor need to know about one kind of object. */
export interface EntityDescription<T extends { id: number }> {
  area: PermissionArea;
  /** Panel title, translated. */
  title: string;
  /** Dialog titles, translated. */
  newTitle: string;
  editTitle: string;
  api: EntityApi<T>;
  fields: FieldSpec<T>[];
  blank: () => T;
  primary: (item: T) => string;
  secondary?: (item: T) => ReactNode;
  /** Objects not shown at all (e.g. share-link users). */
  hidden?: (item: T) => boolean;
  check?: (item: T) => string | null;
  /** Per-row buttons beside edit and delete. */
  rowActions?: (item: T) => ReactNode;
  /** A message when the signed-in user may not open or delete this object (e.g. a superior administrator). */
  blocked?: (item: T) => string | null;
  /** Replaces the generic dialog, e.g. the geofence editor that draws on the map. */
  onEdit?: (item: T | null) => void;
}

/** The generic management list: search, add, edit, delete, each offered only when allowed. */
export function EntityListPage<T extends { id: number }>({ description, children }: { description: EntityDescription<T>; children?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [notice, showNotice] = useNotice();
  const allowed = useAreaActions(description.area);
  const { api } = description;
  const query = useQuery({ queryKey: [api.key], queryFn: () => api.list() });
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  const refresh = () => client.invalidateQueries({ queryKey: [api.key] });
  const remove = useNoticedTask(
    async (id: number) => {
      await api.remove(id);
      void refresh();
      return t('entity.deleted');
    },
    { onSettled: () => setDeleting(null) },
  );

  const refusal = (item: T) => {
    const message = description.blocked?.(item) ?? null;
    if (message) showNotice(message, 'warning');
    return message !== null;
  };
  const open = (item: T | null) => {
    if (item && refusal(item)) return;
    if (description.onEdit) description.onEdit(item);
    else setEditing(item ?? description.blank());
  };
  const needle = search.trim().toLowerCase();
  const items = (query.data ?? []).filter(
    (item) => !description.hidden?.(item) && (!needle || description.primary(item).toLowerCase().includes(needle)),
  );
  const listState = useListState(query, items.length, { text: t('entity.empty'), testId: 'entity-empty' });

  return (
    <Panel
      title={description.title}
      onBack={() => navigate(-1)}
      onClose={() => navigate(HOME_PATH)}
      actions={
        allowed.create && (
          <LabelledIconButton label={t('entity.add')} icon={<AddIcon />} onClick={() => open(null)} testId="entity-add" />
        )
      }
    >
      {query.isPending && <LoadingBar />}
      <SearchList
        search={search}
        onSearch={setSearch}
        header={
          <>
            <AccountNotice sx={{ mx: 1, mb: 1 }} />
            {children}
          </>
        }
        {...listState}
        listTestId="entity-list"
      >
        {items.map((item) => (
          <ListItem
            key={item.id}
            disablePadding
            divider
            secondaryAction={
              <>
                {description.rowActions?.(item)}
                {allowed.delete && (
                  <LabelledIconButton
                    label={t('entity.delete')}
                    icon={<DeleteIcon fontSize="small" />}
                    edge="end"
                    onClick={() => !refusal(item) && setDeleting(item)}
                    testId="entity-delete"
                  />
                )}
              </>
            }
          >
            <ListItemButton onClick={() => open(item)} data-testid="entity-row" sx={{ pr: 14 }}>
              {allowed.edit && <EditIcon fontSize="small" color="action" sx={{ mr: 1.5 }} />}
              <ListItemText primary={description.primary(item)} secondary={description.secondary?.(item)} slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }} />
            </ListItemButton>
          </ListItem>
        ))}
      </SearchList>
      {editing && (
        <EntityEditDialog
          title={editing.id > 0 ? description.editTitle : description.newTitle}
          fields={description.fields}
          initial={editing}
          check={description.check}
          readOnly={editing.id > 0 ? !allowed.edit : !allowed.create}
          onSave={async (item) => {
            await api.save(item);
            await refresh();
            showNotice(t('entity.saved'));
          }}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('entity.deleteTitle')}
        message={t('entity.deleteMessage', { name: deleting ? description.primary(deleting) : '' })}
        confirmLabel={t('entity.delete')}
        danger
        busy={remove.busy}
        onConfirm={() => deleting && deleting.id > 0 && remove.run(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
      {notice}
    </Panel>
  );
}
