import { useMemo, type ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, esES, ptBR } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/pt-br';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../state/formats.ts';

/** The picker's own texts (toolbar, buttons, screen-reader labels) and dayjs' month names, by app language. */
const LANGUAGES: Record<string, { dayjs: string; texts: typeof enUS }> = {
  'pt-BR': { dayjs: 'pt-br', texts: ptBR },
  'en-US': { dayjs: 'en', texts: enUS },
  es: { dayjs: 'es', texts: esES },
};

/** The value every caller keeps, that of an `<input type="datetime-local">`. */
const VALUE_FORMAT = 'YYYY-MM-DDTHH:mm';

/** `YYYY-MM-DDTHH:mm` to the picker's value; '' (nothing chosen) to null. */
function pickerValueOf(value: string): Dayjs | null {
  if (!value) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/** The picker's value to `YYYY-MM-DDTHH:mm`; a cleared or half-typed value to ''. */
function inputValueOf(value: Dayjs | null): string {
  return value?.isValid() ? value.format(VALUE_FORMAT) : '';
}

export interface DateTimeFieldProps {
  label: string;
  /** `YYYY-MM-DDTHH:mm`, a wall-clock time (the caller decides its zone), or '' for none. */
  value: string;
  onChange: (value: string) => void;
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
 * A date and time typed or picked on the user's clock (`twelveHourFormat`), in the app's
 * language, where a native `datetime-local` input would follow the browser's. On a touch
 * screen the picker opens as a full-width dialog, usable on a phone.
 */
export function DateTimeField({ label, value, onChange, name, size, fullWidth, required, disabled, error, helperText, sx, inputProps }: DateTimeFieldProps) {
  const { i18n } = useTranslation();
  const { hour12 } = useFormats();
  const language = LANGUAGES[i18n.language] ?? LANGUAGES['en-US'];
  const localeText = language.texts.components.MuiLocalizationProvider.defaultProps.localeText;
  const picked = useMemo(() => pickerValueOf(value), [value]);

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={language.dayjs} localeText={localeText}>
      <DateTimePicker
        label={label}
        value={picked}
        onChange={(next) => onChange(inputValueOf(next))}
        ampm={hour12}
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
