import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { maintenanceApi } from '../../../api/entities.ts';
import { useGeofences } from '../../../api/queries.ts';
import type { ReportEvent } from '../../../api/reports.ts';
import { AddressText } from '../../../ui/AddressText.tsx';
import { useReportDevices } from '../filters/DeviceField.tsx';
import type { ColumnKit } from '../layout/columns.ts';
import type { Column } from '../layout/ReportTable.tsx';
import { TableReport } from '../layout/TableReport.tsx';
import { FleetRoutes } from '../map/FleetRoutes.tsx';
import { eventDetail, eventTypeLabel, type EventNames } from './eventDetail.ts';
import { EventMarkers, EventOnMap } from './EventOnMap.tsx';
import { EventsFilterFields } from './EventsFilterFields.tsx';

/**
 * /reports/events: the events of the period, by type and alarm kind. The map has the devices'
 * routes with a point where each event happened; the one chosen is picked out and the map moves there.
 */
export default function EventsReport() {
  const { i18n } = useTranslation();
  const devices = useReportDevices();
  // the geofence and maintenance an event names, for its details
  const geofences = useGeofences().data;
  const maintenances = useQuery({ queryKey: [maintenanceApi.key], queryFn: () => maintenanceApi.list(), retry: false }).data;
  const eventNames = useMemo((): EventNames => {
    const geofenceNames = new Map(geofences?.map((geofence) => [geofence.id, geofence.name]));
    const maintenanceNames = new Map(maintenances?.map((maintenance) => [maintenance.id, maintenance.name]));
    return { geofence: (id) => geofenceNames.get(id), maintenance: (id) => maintenanceNames.get(id) };
  }, [geofences, maintenances]);

  const columns = useCallback(
    ({ t, format, column, onPhone }: ColumnKit): Column<ReportEvent>[] => {
      const names = new Map(devices.map((device) => [device.id, device.name]));
      return [
        column('time', (row: ReportEvent) => format.dateTime(row.eventTime)),
        onPhone(column('device', (row: ReportEvent) => row.deviceName ?? names.get(row.deviceId) ?? row.deviceId), 'title'),
        column('type', (row: ReportEvent) => eventTypeLabel(row.type, t, (key) => i18n.exists(key))),
        column('detail', (row: ReportEvent) => eventDetail(row, t, format, eventNames)),
        // where the event's position was (the server places each event); asked when shown
        onPhone(column('address', (row: ReportEvent) =>
          row.latitude === undefined || row.longitude === undefined
            ? t('common.none')
            : <AddressText address={row.address} latitude={row.latitude} longitude={row.longitude} />), 'wide'),
      ];
    },
    [devices, i18n, eventNames],
  );

  return (
    <TableReport
      kind="events"
      columns={columns}
      rowKey={(row) => row.id}
      extras={(draft, change) => <EventsFilterFields draft={draft} change={change} />}
      drawAll={(events, { params, chosen }) => (
        <>
          <FleetRoutes params={params} muted={chosen} />
          <EventMarkers events={events} />
        </>
      )}
      drawChosen={(event) => <EventOnMap event={event} />}
    />
  );
}
