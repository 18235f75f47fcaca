import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportEvent } from '../../../api/reports.ts';
import { AddressText } from '../../../ui/AddressText.tsx';
import { useReportDevices } from '../filters/DeviceField.tsx';
import type { ColumnKit } from '../layout/columns.ts';
import type { Column } from '../layout/ReportTable.tsx';
import { TableReport } from '../layout/TableReport.tsx';
import { eventDetail, eventTypeLabel } from './eventDetail.ts';
import { EventOnMap } from './EventOnMap.tsx';
import { EventsFilterFields } from './EventsFilterFields.tsx';

/** /reports/events: the events of the period, by type and alarm kind; the one chosen is marked where it happened. */
export default function EventsReport() {
  const { i18n } = useTranslation();
  const devices = useReportDevices();

  const columns = useCallback(
    ({ t, format, column }: ColumnKit): Column<ReportEvent>[] => {
      const names = new Map(devices.map((device) => [device.id, device.name]));
      return [
        column('time', (row: ReportEvent) => format.dateTime(row.eventTime)),
        column('device', (row: ReportEvent) => row.deviceName ?? names.get(row.deviceId) ?? row.deviceId),
        column('type', (row: ReportEvent) => eventTypeLabel(row.type, t, (key) => i18n.exists(key))),
        column('detail', (row: ReportEvent) => eventDetail(row, t, format)),
        // where the event's position was (the server places each event); asked when shown
        column('address', (row: ReportEvent) =>
          row.latitude === undefined || row.longitude === undefined
            ? t('common.none')
            : <AddressText address={row.address} latitude={row.latitude} longitude={row.longitude} />),
      ];
    },
    [devices, i18n],
  );

  return (
    <TableReport
      kind="events"
      columns={columns}
      rowKey={(row) => row.id}
      extras={(draft, change) => <EventsFilterFields draft={draft} change={change} />}
      drawChosen={(event) => <EventOnMap positionId={event.positionId} />}
    />
  );
}
