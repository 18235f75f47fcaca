import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { MULTI_SELECT, useAutocompleteTexts } from './useAutocompleteTexts.ts';

interface MultiSelectFieldProps<T> {
  label: string;
  options: readonly T[];
  value: T[];
  onChange: (chosen: T[]) => void;
  optionLabel: (option: T) => string;
  /** For options that are objects: what tells two apart. */
  optionKey?: (option: T) => string | number;
  /** What an empty choice means ("all types"), written in the field; the label then stays above it. */
  noneText?: string;
  name?: string;
  /** The field's share of the filter's row (CSS flex). */
  flex: string;
}

/** A multiple choice of the report filter: two chips then "+N", open while choosing, in the user's language. */
export function MultiSelectField<T>({ label, options, value, onChange, optionLabel, optionKey, noneText, name, flex }: MultiSelectFieldProps<T>) {
  const texts = useAutocompleteTexts();
  return (
    <Autocomplete
      {...texts}
      {...MULTI_SELECT}
      size="small"
      sx={{ flex, minWidth: 0 }}
      options={options}
      getOptionLabel={optionLabel}
      {...(optionKey && { getOptionKey: optionKey, isOptionEqualToValue: (a: T, b: T) => optionKey(a) === optionKey(b) })}
      value={value}
      onChange={(_, chosen) => onChange(chosen)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          name={name}
          {...(noneText !== undefined && { placeholder: value.length ? undefined : noneText, slotProps: { inputLabel: { shrink: true } } })}
        />
      )}
    />
  );
}
