import { useState, type ReactNode } from 'react';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../../../api/queries.ts';
import { useReportFormat } from '../format/useReportFormat.ts';
import { DeviceField, useReportDevices } from './DeviceField.tsx';
import { filterOf, type Draft } from './draft.ts';
import { GroupField } from './GroupField.tsx';
import { PeriodField } from './PeriodField.tsx';
import { periodLabel } from './periodLabel.ts';
import { isComplete, type ReportFilter, type Scope } from './reportFilter.ts';

interface ReportFilterPanelProps {
  filter: ReportFilter;
  scope: Scope;
  onApply: (filter: ReportFilter) => void;
  /** Fields of one report (event types, daily rows), given the draft and a way to change it. */
  extras?: (draft: Draft, change: (patch: Partial<Draft>) => void) => ReactNode;
}

/** What the filter currently shows, in one line of chips. */
function FilterChips({ filter }: { filter: ReportFilter }) {
  const { t } = useTranslation();
  const format = useReportFormat();
  const devices = useReportDevices();
  const groups = useGroups().data ?? [];
  const names = [
    ...devices.filter((device) => filter.deviceIds.includes(device.id)).map((device) => device.name),
    ...groups.filter((group) => filter.groupIds.includes(group.id)).map((group) => group.name),
  ];
  const shown = names.slice(0, 2);
  return (
    <Stack direction="row" spacing={0.75} sx={{ flex: 1, minWidth: 0, overflow: 'hidden' }} data-testid="report-filter-summary">
      <Chip size="small" variant="outlined" label={periodLabel(filter.period, t, format)} sx={{ flexShrink: 0 }} />
      {shown.map((name) => (
        // names give way first, ending in an ellipsis
        <Chip key={name} size="small" label={name} sx={{ maxWidth: 200, minWidth: 48, flexShrink: 1 }} />
      ))}
      {names.length > shown.length && <Chip size="small" label={t('reports.filter.more', { count: names.length - shown.length })} />}
    </Stack>
  );
}

/**
 * The filter form, folded into a line of chips once the report has what it needs (so the
 * results get the room); "Show" writes the filter to the URL and runs the report.
 */
export function ReportFilterPanel({ filter, scope, onApply, extras }: ReportFilterPanelProps) {
  const { t } = useTranslation();
  const { timeZone } = useReportFormat();
  const complete = isComplete(filter, scope);
  const [open, setOpen] = useState(!complete);
  const [draft, setDraft] = useState<Draft>(filter);
  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const ready = filterOf(draft);
  const canApply = ready !== null && isComplete(ready, scope);

  const edit = () => {
    setDraft(filter);
    setOpen(true);
  };

  return (
    // on a phone the open form can be taller than the sheet: it scrolls, leaving room for the results
    <Box sx={{ borderBottom: 1, borderColor: 'divider', flexShrink: 0, maxHeight: '75%', overflowY: 'auto' }}>
      {!open && (
        <Stack direction="row" alignItems="center" spacing={1} sx={{ px: 1.5, py: 0.75 }}>
          <FilterChips filter={filter} />
          <Button size="small" startIcon={<TuneIcon />} onClick={edit} sx={{ flexShrink: 0 }}>
            {t('reports.filter.edit')}
          </Button>
        </Stack>
      )}
      <Collapse in={open} unmountOnExit>
        <Box
          component="form"
          aria-label={t('reports.filter.title')}
          onSubmit={(event) => {
            event.preventDefault();
            if (!ready || !canApply) return;
            onApply(ready);
            setOpen(false);
          }}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', p: 1.5 }}
        >
          <DeviceField value={draft.deviceIds} onChange={(deviceIds) => change({ deviceIds })} multiple={scope !== 'one-device'} />
          {scope !== 'one-device' && <GroupField value={draft.groupIds} onChange={(groupIds) => change({ groupIds })} />}
          <PeriodField value={draft.period} onChange={(period) => change({ period })} timeZone={timeZone} />
          {extras?.(draft, change)}
          <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
            {complete && (
              <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
            )}
            <Button type="submit" variant="contained" disabled={!canApply}>
              {t('reports.filter.show')}
            </Button>
          </Stack>
        </Box>
      </Collapse>
    </Box>
  );
}
