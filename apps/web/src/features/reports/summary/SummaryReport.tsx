import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { ReportSummary } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import type { Draft } from '../filters/draft.ts';
import type { ColumnKit } from '../layout/columns.ts';
import type { Column } from '../layout/ReportTable.tsx';
import { TableReport } from '../layout/TableReport.tsx';

const columns = ({ right, format, shared }: ColumnKit): Column<ReportSummary>[] => [
  shared.device,
  shared.start,
  shared.end,
  shared.distance,
  right('startOdometer', (row: ReportSummary) => format.distance(row.startOdometer)),
  right('endOdometer', (row: ReportSummary) => format.distance(row.endOdometer)),
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

/** /reports/resume: distance, odometer, speeds, engine hours and fuel per device (or per device and day). */
export default function SummaryReport() {
  return (
    <TableReport
      kind="summary"
      columns={columns}
      rowKey={(row, index) => `${row.deviceId}-${index}`}
      extras={(draft, change) => <DailyField draft={draft} change={change} />}
    />
  );
}
