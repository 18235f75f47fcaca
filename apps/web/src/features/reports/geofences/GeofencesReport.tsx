import { useCallback, useMemo } from 'react';
import type { ReportGeofence } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import type { Geofence } from '../../../api/geofences.ts';
import { useGeofences } from '../../../api/queries.ts';
import type { ReportParams } from '../../../api/reports.ts';
import type { Draft } from '../filters/draft.ts';
import { MultiSelectField } from '../filters/MultiSelectField.tsx';
import type { ColumnKit } from '../layout/columns.ts';
import type { Column } from '../layout/ReportTable.tsx';
import { TableReport } from '../layout/TableReport.tsx';
import { StayOnMap } from './StayOnMap.tsx';

const stayKey = (stay: ReportGeofence) => `${stay.deviceId}-${stay.geofenceId}-${stay.startTime}`;

/** The geofences whose stays to list; none chosen means all of the user's. */
function GeofenceField({ draft, change, geofences }: { draft: Draft; change: (patch: Partial<Draft>) => void; geofences: readonly Geofence[] }) {
  const { t } = useTranslation();
  return (
    <MultiSelectField
      flex="2 1 240px"
      label={t('reports.geofences.geofences')}
      noneText={t('reports.geofences.all')}
      name="geofences"
      options={geofences}
      optionLabel={(geofence) => geofence.name}
      optionKey={(geofence) => geofence.id}
      value={geofences.filter((geofence) => draft.geofenceIds.includes(geofence.id))}
      onChange={(chosen) => change({ geofenceIds: chosen.map((geofence) => geofence.id) })}
    />
  );
}

/**
 * /reports/geofences: each time a device was in a geofence, from its entry to its exit, with how
 * long it stayed; the stay chosen is drawn on the map with the geofence and the route inside it.
 */
export default function GeofencesReport() {
  const geofences = useGeofences().data;
  const byId = useMemo(() => new Map((geofences ?? []).map((geofence) => [geofence.id, geofence])), [geofences]);
  const sorted = useMemo(() => [...(geofences ?? [])].sort((a, b) => a.name.localeCompare(b.name)), [geofences]);

  const columns = useCallback(
    ({ column, shared }: ColumnKit): Column<ReportGeofence>[] => [
      shared.device,
      column('geofence', (row: ReportGeofence) => byId.get(row.geofenceId)?.name ?? `#${row.geofenceId}`),
      shared.start,
      shared.end,
      shared.duration,
    ],
    [byId],
  );
  // the server lists stays of the geofences named (as Traccar's): none chosen names them all, once they are known
  const adjust = useCallback(
    (params: ReportParams): ReportParams | null => {
      if (params.geofenceIds?.length) return params;
      return geofences ? { ...params, geofenceIds: geofences.map((geofence) => geofence.id) } : null;
    },
    [geofences],
  );

  return (
    <TableReport
      kind="geofences"
      columns={columns}
      rowKey={stayKey}
      adjustParams={adjust}
      extras={(draft, change) => <GeofenceField draft={draft} change={change} geofences={sorted} />}
      drawChosen={(stay) => <StayOnMap key={stayKey(stay)} stay={stay} geofence={byId.get(stay.geofenceId) ?? null} />}
    />
  );
}
