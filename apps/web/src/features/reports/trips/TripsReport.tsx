import type { ReportTrip } from '@rastro/api';
import { AddressText } from '../../../ui/AddressText.tsx';
import type { ColumnKit } from '../layout/columns.ts';
import type { Column } from '../layout/ReportTable.tsx';
import { TableReport } from '../layout/TableReport.tsx';
import { TripOnMap } from './TripOnMap.tsx';

const tripKey = (trip: ReportTrip) => `${trip.deviceId}-${trip.startTime}`;

const columns = ({ t, column, shared }: ColumnKit): Column<ReportTrip>[] => [
  shared.device,
  shared.start,
  column('startAddress', (row: ReportTrip) => <AddressText address={row.startAddress} latitude={row.startLat} longitude={row.startLon} />),
  shared.end,
  column('endAddress', (row: ReportTrip) => <AddressText address={row.endAddress} latitude={row.endLat} longitude={row.endLon} />),
  shared.distance,
  shared.duration,
  shared.averageSpeed,
  shared.maxSpeed,
  column('driver', (row: ReportTrip) => row.driverName || row.driverUniqueId || t('common.none')),
  shared.spentFuel,
];

/** /reports/travels: each trip with where and when it started and ended; the one chosen is drawn on the map. */
export default function TripsReport() {
  return <TableReport kind="trips" columns={columns} rowKey={tripKey} drawChosen={(trip) => <TripOnMap key={tripKey(trip)} trip={trip} />} />;
}
