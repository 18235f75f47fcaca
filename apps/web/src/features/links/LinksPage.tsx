import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { commandsApi, computedApi, driversApi, geofencesApi, maintenanceApi, notificationsApi, type EntityApi } from '../../api/entities.ts';
import { unlinkObjects } from '../../api/links.ts';
import { linkObjects } from '../../api/permissions.ts';
import { useDevices, useGroups } from '../../api/queries.ts';
import { nameOf, type NameKind } from '../../i18n/names.ts';
import { notify } from '../../state/notice.ts';
import { useSubmit } from '../../ui/useSubmit.ts';

type Named = { id: number; name?: string; description?: string | null; attribute?: string; type?: string };
/** What a section uses of an object's API: its query key and its lists (all, and those linked). */
type ListingApi = Pick<EntityApi<Named>, 'key' | 'list'>;

/**
 * The objects a device or group can be linked to, with their permission key; notification rules
 * and saved commands without a description go by their type, named from the vocabulary it is of.
 */
const SECTIONS: { key: string; permission: string; api: ListingApi; typeNames?: NameKind }[] = [
  { key: 'geofences', permission: 'geofenceId', api: geofencesApi },
  { key: 'notifications', permission: 'notificationId', api: notificationsApi, typeNames: 'eventType' },
  { key: 'drivers', permission: 'driverId', api: driversApi },
  { key: 'computed', permission: 'attributeId', api: computedApi },
  { key: 'commands', permission: 'commandId', api: commandsApi, typeNames: 'commandType' },
  { key: 'maintenance', permission: 'maintenanceId', api: maintenanceApi },
];

/** Link objects (spec §2 dialogs): `/links/device/:id` or `/links/group/:id`. */
export default function LinksPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const params = useParams();
  const owner = params.kind === 'group' ? 'groupId' : 'deviceId';
  const ownerId = Number(params.id);
  const devices = useDevices().data ?? [];
  const groups = useGroups().data ?? [];
  const name = (owner === 'deviceId' ? devices : groups).find((item) => item.id === ownerId)?.name ?? `#${ownerId}`;

  return (
    <Dialog open fullScreen={phone} fullWidth maxWidth="sm" onClose={() => navigate(-1)} data-testid="links-dialog">
      <DialogTitle>{t('links.title', { name })}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {SECTIONS.map((section) => (
          <LinkSection key={section.key} section={section} owner={owner} ownerId={ownerId} />
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => navigate(-1)}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function LinkSection({ section, owner, ownerId }: { section: (typeof SECTIONS)[number]; owner: string; ownerId: number }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const all = useQuery({ queryKey: [section.api.key], queryFn: () => section.api.list() });
  const linkedKey = [section.api.key, owner, ownerId];
  const linked = useQuery({ queryKey: linkedKey, queryFn: () => section.api.list({ [owner]: ownerId }) });
  const linkedIds = new Set(linked.data?.map((item) => item.id));

  const toggle = useSubmit(async ({ id, on, name }: { id: number; on: boolean; name: string }) => {
    const permission = { [owner]: ownerId, [section.permission]: id };
    await (on ? linkObjects(permission) : unlinkObjects(permission));
    await client.invalidateQueries({ queryKey: linkedKey });
    notify(t(on ? 'links.linked' : 'links.unlinked', { name }), 'success');
  });

  const label = (item: Named) => {
    const attribute = item.attribute && nameOf(i18n, 'attribute', item.attribute);
    const type = item.type && section.typeNames ? nameOf(i18n, section.typeNames, item.type) : item.type;
    return item.name || item.description || attribute || type || `#${item.id}`;
  };
  return (
    <Accordion disableGutters elevation={0} square data-testid={`links-${section.key}`}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography sx={{ flex: 1 }}>{t(`links.sections.${section.key}`)}</Typography>
        <Typography color="text.secondary" sx={{ mr: 1 }}>
          {linked.data ? `${linkedIds.size}/${all.data?.length ?? 0}` : ''}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        {toggle.message && <Typography color="error" variant="body2">{toggle.message}</Typography>}
        {all.data?.length === 0 && <Typography color="text.secondary" variant="body2">{t('links.none')}</Typography>}
        <Stack>
          {all.data?.map((item) => (
            <FormControlLabel
              key={item.id}
              control={<Checkbox size="small" checked={linkedIds.has(item.id)} disabled={toggle.busy || !linked.data} onChange={(event) => toggle.run({ id: item.id, on: event.target.checked, name: label(item) })} />}
              label={label(item)}
            />
          ))}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
