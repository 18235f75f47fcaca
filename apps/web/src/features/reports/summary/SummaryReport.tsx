import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { ReportSummary } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import type { Draft } from '../filters/draft.ts';
import type { ColumnKit } from '../layout/columns.ts';
import type { Column } from '../layout/ReportTable.tsx';
import { TableReport } from '../layout/TableReport.tsx';
import { FleetRoutes } from '../map/FleetRoutes.tsx';
import { SummaryRowOnMap } from './SummaryRowOnMap.tsx';

const columns = ({ right, onPhone, format, shared }: ColumnKit): Column<ReportSummary>[] => [
  shared.device,
  shared.start,
  shared.end,
  shared.distance,
  // the odometers are for the desk: a phone's card keeps the period's figures
  onPhone(right('startOdometer', (row: ReportSummary) => format.distance(row.startOdometer)), 'hide'),
  onPhone(right('endOdometer', (row: ReportSummary) => format.distance(row.endOdometer)), 'hide'),
  shared.averageSpeed,
  shared.maxSpeed,
  shared.engineHours,
  shared.spentFuel,
];

/** One row per device and day instead of one per device. */
function DailyField({ draft, change }: { draft: Draft; change: (patch: Partial<Draft>) => void }) {
  const { t } = useTranslation();
  return (
    <FormControlLabel
      sx={{ flex: '0 0 auto', ml: 0 }}
      control={<Switch checked={draft.daily} onChange={(event) => change({ daily: event.target.checked })} name="daily" />}
      label={t('reports.summary.daily')}
    />
  );
}

/**
 * /reports/resume: distance, odometer, speeds, engine hours and fuel per device (or per device and
 * day); the devices' routes over the period are on the map, and the row chosen is its route picked out.
 */
export default function SummaryReport() {
  return (
    <TableReport
      kind="summary"
      columns={columns}
      rowKey={(row, index) => `${row.deviceId}-${index}`}
      extras={(draft, change) => <DailyField draft={draft} change={change} />}
      drawAll={(_, { params, chosen }) => <FleetRoutes params={params} muted={chosen} />}
      drawChosen={(row) => <SummaryRowOnMap key={`${row.deviceId}-${row.startTime}`} row={row} />}
    />
  );
}
