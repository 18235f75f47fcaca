import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../ui/DateTimeField.tsx';
import type { DraftPeriod } from './draft.ts';
import { isPeriodPreset, PERIOD_PRESETS, presetRange } from './period.ts';

interface PeriodFieldProps {
  value: DraftPeriod;
  onChange: (period: DraftPeriod) => void;
  timeZone: string;
}

const CUSTOM = 'custom';

/** A preset, or a custom range typed as wall-clock times of the user's time zone. */
export function PeriodField({ value, onChange, timeZone }: PeriodFieldProps) {
  const { t } = useTranslation();
  const custom = 'preset' in value ? null : value;
  const reversed = custom?.from != null && custom.to != null && custom.from >= custom.to;

  const choose = (choice: string) => {
    if (isPeriodPreset(choice)) onChange({ preset: choice });
    // a custom range starts as the preset it replaces, ready to adjust
    else if ('preset' in value) onChange(presetRange(value.preset, Date.now(), timeZone));
  };

  const timeField = (edge: 'from' | 'to') => (
    <DateTimeField
      size="small"
      name={edge}
      label={t(`reports.filter.${edge}`)}
      // room for "25/11/2026 11:59 PM": on a phone each takes a line rather than cut it
      sx={{ flex: '1 1 240px' }}
      value={custom?.[edge] ?? null}
      onChange={(instant) => custom && onChange({ ...custom, [edge]: instant })}
      timeZone={timeZone}
      error={custom?.[edge] === null || (edge === 'to' && reversed)}
      helperText={edge === 'to' && reversed ? t('reports.filter.reversed') : undefined}
    />
  );

  return (
    <>
      <TextField
        select
        size="small"
        name="period"
        label={t('reports.filter.period')}
        sx={{ flex: '1 1 170px' }}
        value={'preset' in value ? value.preset : CUSTOM}
        onChange={(event) => choose(event.target.value)}
      >
        {PERIOD_PRESETS.map((preset) => (
          <MenuItem key={preset} value={preset}>
            {t(`reports.period.${preset}`)}
          </MenuItem>
        ))}
        <MenuItem value={CUSTOM}>{t('reports.period.custom')}</MenuItem>
      </TextField>
      {custom && timeField('from')}
      {custom && timeField('to')}
    </>
  );
}
