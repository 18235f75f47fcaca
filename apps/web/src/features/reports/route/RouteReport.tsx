import type { Position } from '@rastro/api';
import type { ColumnKit } from '../layout/columns.ts';
import type { Column } from '../layout/ReportTable.tsx';
import { TableReport } from '../layout/TableReport.tsx';
import { CurrentPosition } from '../map/CurrentPosition.tsx';
import { RouteOnMap } from './RouteOnMap.tsx';

const columns = ({ t, format, column, right, onPhone, shared }: ColumnKit): Column<Position>[] => [
  onPhone(column('time', (row: Position) => format.dateTime(row.fixTime)), 'title'),
  right('latitude', (row: Position) => format.coordinate(row.latitude, 'latitude')),
  right('longitude', (row: Position) => format.coordinate(row.longitude, 'longitude')),
  right('speed', (row: Position) => format.speed(row.speed)),
  // a phone's card keeps when, where and how fast
  onPhone(right('altitude', (row: Position) => t('reports.metres', { value: format.number(row.altitude, 0) })), 'hide'),
  onPhone(right('course', (row: Position) => `${Math.round(row.course)}°`), 'hide'),
  shared.address,
];

/** /reports/history: the positions of one device over the period, drawn on the map; a row chosen is marked. */
export default function RouteReport() {
  return (
    <TableReport
      kind="route"
      scope="one-device"
      columns={columns}
      rowKey={(row) => row.id}
      siblings={['playback', 'graphic']}
      drawAll={(positions) => <RouteOnMap positions={positions} />}
      drawChosen={(position) => <CurrentPosition longitude={position.longitude} latitude={position.latitude} course={position.course} />}
    />
  );
}
