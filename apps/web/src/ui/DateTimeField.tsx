import { useMemo, type ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, esES, ptBR } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/es';
import 'dayjs/locale/pt-br';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../state/formats.ts';
import { fromLocalInput, toLocalInput } from './zonedTime.ts';

/** The picker's own texts (toolbar, buttons, screen-reader labels) and dayjs' month names, by app language. */
const LANGUAGES: Record<string, { dayjs: string; texts: typeof enUS }> = {
  'pt-BR': { dayjs: 'pt-br', texts: ptBR },
  'en-US': { dayjs: 'en', texts: enUS },
  es: { dayjs: 'es', texts: esES },
};

// The picker works in UTC on the user's wall clock: in the browser's zone, a time that zone skips
// (its spring-forward hour) would show an hour later.
dayjs.extend(utc);

/** The picker's text value, that of an `<input type="datetime-local">`: a wall-clock time. */
const VALUE_FORMAT = 'YYYY-MM-DDTHH:mm';

/** An instant to the picker's value, the wall-clock time in the zone; none to null. */
function pickerValueOf(instant: number | null, timeZone: string): Dayjs | null {
  if (instant === null || !Number.isFinite(instant)) return null;
  const parsed = dayjs.utc(toLocalInput(instant, timeZone));
  return parsed.isValid() ? parsed : null;
}

/** The picker's value back to the instant it names in the zone; a cleared or half-typed value to null. */
function instantOf(value: Dayjs | null, timeZone: string): number | null {
  return value?.isValid() ? fromLocalInput(value.format(VALUE_FORMAT), timeZone) : null;
}

export interface DateTimeFieldProps {
  label: string;
  /** The instant shown (ms since the epoch), or null for none. */
  value: number | null;
  /** The instant typed or picked; null while the field is empty or half-typed. */
  onChange: (instant: number | null) => void;
  /** The zone the time is typed in: the user's unless the caller names another. */
  timeZone?: string;
  name?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  sx?: SxProps<Theme>;
  /** Attributes of the text input (data-testid, data-field…). */
  inputProps?: Record<string, string>;
}

/**
 * An instant typed or picked as a date and time of the user's zone (`timezone`), on his clock
 * (`twelveHourFormat`), in the app's language, where a native `datetime-local` input would follow
 * the browser's zone and language: what he types reads as the times the rest of the app shows him.
 * On a touch screen the picker opens as a full-width dialog, usable on a phone.
 */
export function DateTimeField({ label, value, onChange, timeZone, name, size, fullWidth, required, disabled, error, helperText, sx, inputProps }: DateTimeFieldProps) {
  const { i18n } = useTranslation();
  const formats = useFormats();
  const zone = timeZone ?? formats.timeZone;
  const language = LANGUAGES[i18n.language] ?? LANGUAGES['en-US'];
  const localeText = language.texts.components.MuiLocalizationProvider.defaultProps.localeText;
  const picked = useMemo(() => pickerValueOf(value, zone), [value, zone]);

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={language.dayjs} localeText={localeText}>
      <DateTimePicker
        label={label}
        value={picked}
        onChange={(next) => onChange(instantOf(next, zone))}
        ampm={formats.hour12}
        timezone="UTC"
        disabled={disabled}
        sx={sx}
        // a plain <input>: forms, labels and tests read and type its text as any other field's
        enableAccessibleFieldDOMStructure={false}
        slotProps={{ textField: { name, size, fullWidth, required, error, helperText, inputProps } }}
        // minutes are the finest step, as with datetime-local, and every one can be picked (a period ends at 23:59)
        views={['year', 'month', 'day', 'hours', 'minutes']}
        timeSteps={{ minutes: 1 }}
      />
    </LocalizationProvider>
  );
}
