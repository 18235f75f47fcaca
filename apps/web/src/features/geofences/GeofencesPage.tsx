import { useState } from 'react';
import AnchorIcon from '@mui/icons-material/Anchor';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { geofencesApi } from '../../api/entities.ts';
import type { Geofence } from '../../api/geofences.ts';
import { useDevices } from '../../api/queries.ts';
import { useAreaActions } from '../../access/can.ts';
import { notify } from '../../state/notice.ts';
import { EntityListPage, type EntityDescription } from '../../ui/entity/EntityListPage.tsx';
import { anchorDeviceId, colorOf } from './geofenceFields.ts';
import { GeofenceEditor } from './GeofenceEditor.tsx';
import { wktToShape } from './shapes.ts';

export default function GeofencesPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const devices = useDevices().data ?? [];
  const allowed = useAreaActions('geofences');
  const [editing, setEditing] = useState<Geofence | null>(null);

  if (editing) {
    return (
      <GeofenceEditor
        initial={editing}
        readOnly={editing.id > 0 ? !allowed.edit : !allowed.create}
        onSave={async (geofence) => {
          await geofencesApi.save(geofence);
          await client.invalidateQueries({ queryKey: [geofencesApi.key] });
          notify(t('entity.saved'), 'success');
        }}
        onClose={() => setEditing(null)}
      />
    );
  }

  const description: EntityDescription<Geofence> = {
    area: 'geofences',
    title: t('geofences.title'),
    newTitle: t('geofences.new'),
    editTitle: t('geofences.edit'),
    api: geofencesApi,
    fields: [],
    blank: () => ({ id: 0, name: '', description: '', area: '', calendarId: null, attributes: {} }),
    onEdit: (geofence) => setEditing(geofence ?? { id: 0, name: '', description: '', area: '', calendarId: null, attributes: {} }),
    primary: (geofence) => geofence.name,
    secondary: (geofence) => {
      const anchor = anchorDeviceId(geofence);
      const kind = wktToShape(geofence.area)?.kind;
      return (
        <Stack direction="row" spacing={0.75} alignItems="center" component="span">
          <span style={{ width: 10, height: 10, borderRadius: 2, background: colorOf(geofence), display: 'inline-block' }} />
          <Typography variant="body2" component="span" noWrap>
            {kind ? t(`geofences.kinds.${kind}`) : t('geofences.noShape')}
          </Typography>
          {anchor !== null && (
            <Chip
              size="small" component="span" icon={<AnchorIcon />} data-testid="anchor-chip"
              label={t('geofences.anchorOf', { device: devices.find((d) => d.id === anchor)?.name ?? `#${anchor}` })}
            />
          )}
        </Stack>
      );
    },
  };
  return <EntityListPage description={description} />;
}
