import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SCHEDULED_REPORT_PERIODS, SCHEDULED_REPORT_TYPES, type ScheduledReport } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import type { Calendar } from '../../../api/entities.ts';
import { unlinkObjects } from '../../../api/links.ts';
import { linkObjects } from '../../../api/permissions.ts';
import { useGroups } from '../../../api/queries.ts';
import { scheduledReportsApi } from '../../../api/reports.ts';
import { FormDialog } from '../../../ui/FormDialog.tsx';
import { useSubmit } from '../../../ui/useSubmit.ts';
import { DeviceField, useReportDevices } from '../filters/DeviceField.tsx';
import { GroupField } from '../filters/GroupField.tsx';
import { periodOf } from './scheduled.ts';

interface ScheduledReportDialogProps {
  initial: ScheduledReport;
  calendars: readonly Calendar[];
  /** The user the report is mailed to (its creator). */
  email: string;
  readOnly: boolean;
  onSaved: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * A scheduled report: what report, over which devices and groups, on which calendar and covering
 * what period. The devices and groups are links (/api/permissions), changed after the report is
 * saved; those the user cannot see are left as they are.
 */
export function ScheduledReportDialog({ initial, calendars, email, readOnly, onSaved, onClose }: ScheduledReportDialogProps) {
  const { t } = useTranslation();
  const devices = useReportDevices();
  const groups = useGroups().data ?? [];
  const [report, setReport] = useState(initial);
  const [deviceIds, setDeviceIds] = useState(initial.deviceIds ?? []);
  const [groupIds, setGroupIds] = useState(initial.groupIds ?? []);
  const set = (patch: Partial<ScheduledReport>) => setReport((current) => ({ ...current, ...patch }));
  const setAttribute = (key: string, value: unknown) => set({ attributes: { ...report.attributes, [key]: value } });

  const save = useSubmit(
    async () => {
      const saved = await scheduledReportsApi.save(report);
      // a new report starts with no links; its devices and groups come prefilled from the reports' filter
      const linked = (ids: number[] | undefined) => (initial.id > 0 ? (ids ?? []) : []);
      const before = { deviceId: linked(initial.deviceIds), groupId: linked(initial.groupIds) };
      const visible = { deviceId: new Set(devices.map((device) => device.id)), groupId: new Set(groups.map((group) => group.id)) };
      for (const [key, chosen] of [['deviceId', deviceIds], ['groupId', groupIds]] as const) {
        for (const id of chosen) if (!before[key].includes(id)) await linkObjects({ [key]: id, reportId: saved.id });
        for (const id of before[key]) if (visible[key].has(id) && !chosen.includes(id)) await unlinkObjects({ [key]: id, reportId: saved.id });
      }
      await onSaved();
    },
    { holdOnSuccess: true, onSuccess: onClose },
  );
  const submit = () => (report.calendarId > 0 ? save.run() : save.fail(t('reports.scheduled.calendarRequired')));

  return (
    <FormDialog
      title={initial.id > 0 ? t('reports.scheduled.edit') : t('reports.scheduled.new')}
      onClose={onClose}
      onSubmit={submit}
      busy={save.busy}
      message={save.message}
      submitLabel={t('common.save')}
      readOnly={readOnly}
      maxWidth="sm"
      data-testid="scheduled-report-dialog"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField select size="small" label={t('reports.scheduled.type')} value={report.type} onChange={(event) => set({ type: event.target.value })}>
          {SCHEDULED_REPORT_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`reports.pages.${type}.title`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label={t('reports.scheduled.description')} value={report.description ?? ''} onChange={(event) => set({ description: event.target.value })} />
        <TextField
          select
          size="small"
          label={t('reports.scheduled.calendar')}
          value={report.calendarId > 0 ? report.calendarId : ''}
          onChange={(event) => set({ calendarId: Number(event.target.value) })}
          helperText={calendars.length ? t('reports.scheduled.calendarHelp') : t('reports.scheduled.noCalendars')}
        >
          {calendars.map((calendar) => (
            <MenuItem key={calendar.id} value={calendar.id}>
              {calendar.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('reports.filter.period')}
          value={periodOf(report)}
          onChange={(event) => setAttribute('period', event.target.value)}
        >
          {SCHEDULED_REPORT_PERIODS.map((period) => (
            <MenuItem key={period} value={period}>
              {period === 'calendar' ? t('reports.scheduled.calendarPeriod') : t(`reports.period.${period}`)}
            </MenuItem>
          ))}
        </TextField>
        {report.type === 'summary' && (
          <FormControlLabel
            control={<Switch checked={report.attributes.daily === true} onChange={(event) => setAttribute('daily', event.target.checked)} name="daily" />}
            label={t('reports.summary.daily')}
          />
        )}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
          <DeviceField value={deviceIds} onChange={setDeviceIds} multiple />
          <GroupField value={groupIds} onChange={setGroupIds} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('reports.scheduled.devicesHelp')} {t('reports.scheduled.mailedTo', { email })}
        </Typography>
      </Stack>
    </FormDialog>
  );
}
