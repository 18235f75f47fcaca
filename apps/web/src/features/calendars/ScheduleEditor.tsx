import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../ui/DateTimeField.tsx';
import { FREQUENCIES, WEEKDAYS, type Ending, type Schedule, type Weekday } from './ical.ts';

interface ScheduleEditorProps {
  schedule: Schedule;
  /** The stored calendar had rules this editor cannot show; saving replaces them. */
  unreadable: boolean;
  onChange: (schedule: Schedule) => void;
}

export function ScheduleEditor({ schedule, unreadable, onChange }: ScheduleEditorProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<Schedule>) => onChange({ ...schedule, ...patch });
  const repeats = schedule.frequency !== 'none';

  return (
    <Stack spacing={2}>
      {unreadable && <Alert severity="warning">{t('calendars.unreadable')}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateTimeField
          size="small" fullWidth label={t('calendars.start')} value={schedule.start.getTime()}
          onChange={(instant) => { if (instant !== null) set({ start: new Date(instant) }); }}
          inputProps={{ 'data-field': 'start' }}
        />
        <DateTimeField
          size="small" fullWidth label={t('calendars.end')} value={schedule.end.getTime()}
          error={schedule.end <= schedule.start}
          helperText={schedule.end <= schedule.start ? t('calendars.endBeforeStart') : undefined}
          onChange={(instant) => { if (instant !== null) set({ end: new Date(instant) }); }}
          inputProps={{ 'data-field': 'end' }}
        />
      </Stack>
      <TextField select size="small" fullWidth label={t('calendars.frequency')} value={schedule.frequency} onChange={(event) => set({ frequency: event.target.value as Schedule['frequency'] })}>
        {FREQUENCIES.map((frequency) => (
          <MenuItem key={frequency} value={frequency}>
            {t(`calendars.frequencies.${frequency}`)}
          </MenuItem>
        ))}
      </TextField>
      {schedule.frequency === 'weekly' && (
        <ToggleButtonGroup
          size="small" value={schedule.weekdays} aria-label={t('calendars.weekdays')}
          onChange={(_event, weekdays: Weekday[]) => set({ weekdays })}
          sx={{ flexWrap: 'wrap' }}
        >
          {WEEKDAYS.map((day) => (
            <ToggleButton key={day} value={day} aria-label={t(`calendars.days.${day}`)} sx={{ flex: 1, minWidth: 40 }}>
              {t(`calendars.daysShort.${day}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      {repeats && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField select size="small" fullWidth label={t('calendars.ends')} value={schedule.ending} onChange={(event) => set({ ending: event.target.value as Ending })}>
            {(['never', 'count', 'until'] as const).map((ending) => (
              <MenuItem key={ending} value={ending}>
                {t(`calendars.endings.${ending}`)}
              </MenuItem>
            ))}
          </TextField>
          {schedule.ending === 'count' && (
            <TextField type="number" size="small" fullWidth label={t('calendars.count')} value={schedule.count}
              onChange={(event) => set({ count: Math.max(1, Number(event.target.value) || 1) })} slotProps={{ htmlInput: { min: 1 } }} />
          )}
          {schedule.ending === 'until' && (
            <DateTimeField size="small" fullWidth label={t('calendars.until')} value={schedule.until?.getTime() ?? null}
              onChange={(instant) => set({ until: instant === null ? null : new Date(instant) })} />
          )}
        </Stack>
      )}
    </Stack>
  );
}
