import LinkIcon from '@mui/icons-material/Link';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { Group } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { groupsApi } from '../../api/entities.ts';
import { useGroups } from '../../api/queries.ts';
import { useCan } from '../../access/can.ts';
import { AttributesEditor, attributesProblem } from '../../ui/AttributesEditor.tsx';
import { EntityListPage, type EntityDescription } from '../../ui/entity/EntityListPage.tsx';

export default function GroupsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groups = useGroups().data ?? [];
  const mayLink = useCan('groups', 'edit');
  const name = (id: number | null) => groups.find((group) => group.id === id)?.name;

  const description: EntityDescription<Group> = {
    area: 'groups',
    title: t('groups.title'),
    newTitle: t('groups.new'),
    editTitle: t('groups.edit'),
    api: groupsApi,
    blank: () => ({ id: 0, name: '', groupId: null, attributes: {} }),
    primary: (group) => group.name,
    secondary: (group) => name(group.groupId),
    fields: [
      { path: 'name', label: t('groups.name'), kind: 'text', required: true },
      {
        path: 'groupId',
        label: t('groups.parent'),
        kind: 'custom',
        render: (group, change) => (
          <ParentSelect group={group} groups={groups} onChange={(groupId) => change({ ...group, groupId })} label={t('groups.parent')} />
        ),
      },
      // spec §3: a group carries attributes, as a device does (Traccar applies them to the group's devices)
      {
        path: 'attributes',
        label: t('groups.attributes'),
        kind: 'custom',
        section: t('groups.attributes'),
        render: (group, change) => <AttributesEditor value={group.attributes} onChange={(attributes) => change({ ...group, attributes })} />,
      },
    ],
    check: (group) => attributesProblem(group.attributes),
    rowActions: (group) =>
      mayLink && (
        <Tooltip title={t('groups.link')}>
          <IconButton size="small" onClick={() => navigate(`/links/group/${group.id}`)} aria-label={t('groups.link')}>
            <LinkIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
  };
  return <EntityListPage description={description} />;
}

/** A parent other than the group itself or one of its descendants, which would make a cycle. */
function ParentSelect({ group, groups, onChange, label }: { group: Group; groups: Group[]; onChange: (id: number | null) => void; label: string }) {
  const { t } = useTranslation();
  const descendants = new Set<number>([group.id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const other of groups) {
      if (other.groupId !== null && descendants.has(other.groupId) && !descendants.has(other.id)) {
        descendants.add(other.id);
        grew = true;
      }
    }
  }
  return (
    <TextField select size="small" fullWidth label={label} value={group.groupId ?? ''} onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}>
      <MenuItem value="">{t('common.none')}</MenuItem>
      {groups.filter((other) => !descendants.has(other.id)).map((other) => (
        <MenuItem key={other.id} value={other.id}>
          {other.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
