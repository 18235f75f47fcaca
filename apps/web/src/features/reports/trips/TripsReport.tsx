import type { ReportTrip } from '@rastro/api';
import { AddressText } from '../../../ui/AddressText.tsx';
import type { ColumnKit } from '../layout/columns.ts';
import type { Column } from '../layout/ReportTable.tsx';
import { TableReport } from '../layout/TableReport.tsx';
import { FleetRoutes } from '../map/FleetRoutes.tsx';
import { TripOnMap } from './TripOnMap.tsx';

const tripKey = (trip: ReportTrip) => `${trip.deviceId}-${trip.startTime}`;

const columns = ({ t, column, onPhone, shared }: ColumnKit): Column<ReportTrip>[] => [
  shared.device,
  shared.start,
  onPhone(column('startAddress', (row: ReportTrip) => <AddressText address={row.startAddress} latitude={row.startLat} longitude={row.startLon} />), 'wide'),
  shared.end,
  onPhone(column('endAddress', (row: ReportTrip) => <AddressText address={row.endAddress} latitude={row.endLat} longitude={row.endLon} />), 'wide'),
  shared.distance,
  shared.duration,
  // a phone's card keeps where, when, how far and who
  onPhone(shared.averageSpeed, 'hide'),
  shared.maxSpeed,
  column('driver', (row: ReportTrip) => row.driverName || row.driverUniqueId || t('common.none')),
  onPhone(shared.spentFuel, 'hide'),
];

/** /reports/travels: each trip with where and when it started and ended, over the devices' routes; the one chosen is drawn on the map. */
export default function TripsReport() {
  return (
    <TableReport
      kind="trips"
      columns={columns}
      rowKey={tripKey}
      drawAll={(_, { params, chosen }) => <FleetRoutes params={params} muted={chosen} />}
      drawChosen={(trip) => <TripOnMap key={tripKey(trip)} trip={trip} />}
    />
  );
}
