import { useMemo, useState } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { eventDetail, eventTypeLabel } from '../events/eventDetail.ts';
import { useReportDevices } from '../filters/DeviceField.tsx';
import { useReportFormat } from '../format/useReportFormat.ts';
import { columnKit } from '../layout/columns.ts';
import { ReportFrame } from '../layout/ReportFrame.tsx';
import { ReportTable, type Column } from '../layout/ReportTable.tsx';
import { useReportPage } from '../useReportRun.ts';
import { CombinedOnMap } from './CombinedOnMap.tsx';
import { combinedRows, type CombinedRow } from './rows.ts';

/**
 * /reports/combined (Traccar's combined report): each device's route on the map with its events
 * marked where they happened, and the events in a table; the one chosen is picked out on the map.
 */
export default function CombinedReport() {
  const { t, i18n } = useTranslation();
  const format = useReportFormat();
  const devices = useReportDevices();
  const page = useReportPage('combined', 'devices-or-groups');
  const [chosen, setChosen] = useState<CombinedRow | null>(null);
  const names = useMemo(() => new Map(devices.map((device) => [device.id, device.name])), [devices]);
  const items = page.query.data;
  const rows = useMemo(() => combinedRows(items ?? [], names), [items, names]);
  // a row of an earlier run is no longer in the table
  const selected = chosen && rows.includes(chosen) ? chosen : null;

  const columns = useMemo((): Column<CombinedRow>[] => {
    const { column, onPhone } = columnKit(t, format);
    return [
      column('time', (row: CombinedRow) => format.dateTime(row.event.eventTime)),
      onPhone(column('device', (row: CombinedRow) => row.deviceName), 'title'),
      column('type', (row: CombinedRow) => eventTypeLabel(row.event.type, t, (key) => i18n.exists(key))),
      column('detail', (row: CombinedRow) => eventDetail(row.event, t, format)),
    ];
  }, [t, i18n, format]);

  const map = items && items.length > 0 && <CombinedOnMap items={items} rows={rows} chosen={selected} />;
  return (
    <ReportFrame page={page} title={t('reports.pages.combined.title')} map={map}>
      {() =>
        rows.length ? (
          <ReportTable columns={columns} rows={rows} rowKey={(row) => row.key} selected={selected?.key ?? null} onSelect={(row) => setChosen(row)} />
        ) : (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid="combined-no-events">
            {t('reports.combined.noEvents')}
          </Typography>
        )
      }
    </ReportFrame>
  );
}
