import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Device } from '@rastro/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../state/formats.ts';
import { useNavigate, useParams } from 'react-router';
import { devicesQuery, useGroups } from '../../api/queries.ts';
import { claimTracker, getUnknownTrackers } from '../../api/tarkan.ts';
import { HOME_PATH } from '../../access/guard.ts';
import { EntityEditDialog } from '../../ui/entity/EntityEditDialog.tsx';
import type { FieldSpec } from '../../ui/entity/fields.ts';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { Panel } from '../../ui/Panel.tsx';
import { useErrorText } from '../../ui/useErrorText.ts';
import { notify } from '../../state/notice.ts';

type Claim = Pick<Device, 'name' | 'uniqueId' | 'groupId'>;

/** Trackers the server refused because nobody registered them: claim one by naming it (`/autolink/:id`). */
export default function AutolinkPage() {
  const { t } = useTranslation();
  const formats = useFormats();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const client = useQueryClient();
  const { id } = useParams();
  const groups = useGroups().data ?? [];
  const trackers = useQuery({ queryKey: ['autolink'], queryFn: getUnknownTrackers, refetchInterval: 15_000 });
  const claiming = id === undefined ? null : id === 'new' ? '' : id;

  const fields: FieldSpec<Claim>[] = [
    { path: 'name', label: t('autolink.name'), kind: 'text', required: true, requiredMessage: t('autolink.nameRequired') },
    { path: 'uniqueId', label: t('autolink.uniqueId'), kind: 'text', required: true },
    { path: 'groupId', label: t('autolink.group'), kind: 'select', options: groups.map((g) => ({ value: g.id, label: g.name })) },
  ];

  return (
    <Panel title={t('autolink.title')} onBack={() => navigate(-1)} onClose={() => navigate(HOME_PATH)}>
      {trackers.isPending && <LoadingBar />}
      <Box sx={{ p: 1.5, flexShrink: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('autolink.intro')}
        </Typography>
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => navigate('/autolink/new')} data-testid="autolink-manual">
          {t('autolink.typeIdentifier')}
        </Button>
      </Box>
      <Box sx={{ flex: 1, overflow: 'auto' }}>
        {trackers.isError && <Typography color="error" sx={{ p: 2 }}>{errorText(trackers.error)}</Typography>}
        {trackers.isSuccess && trackers.data.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2 }} data-testid="entity-empty">
            {t('autolink.empty')}
          </Typography>
        )}
        <List dense disablePadding data-testid="autolink-list">
          {trackers.data?.map((tracker) => (
            <ListItemButton key={tracker.uniqueId} divider onClick={() => navigate(`/autolink/${encodeURIComponent(tracker.uniqueId)}`)}>
              <ListItemText
                primary={tracker.uniqueId}
                secondary={t('autolink.seen', { protocol: tracker.protocol ?? '?', time: formats.dateTime(tracker.lastSeen), count: tracker.count })}
              />
            </ListItemButton>
          ))}
        </List>
      </Box>
      {claiming !== null && (
        <EntityEditDialog<Claim>
          key={claiming}
          title={t('autolink.claim')}
          fields={fields}
          initial={{ name: '', uniqueId: claiming, groupId: null }}
          onSave={async (claim) => {
            await claimTracker({ name: claim.name.trim(), uniqueId: claim.uniqueId.trim(), groupId: claim.groupId ?? undefined });
            await Promise.all([client.invalidateQueries({ queryKey: ['autolink'] }), client.invalidateQueries({ queryKey: devicesQuery.queryKey })]);
            notify(t('autolink.added', { name: claim.name.trim() }), 'success');
          }}
          onClose={() => navigate('/autolink')}
        />
      )}
    </Panel>
  );
}
