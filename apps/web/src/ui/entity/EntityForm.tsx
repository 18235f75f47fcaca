import { Fragment } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../DateTimeField.tsx';
import { applyValue, displayValue, type FieldProblem, type FieldSpec } from './fields.ts';

interface EntityFormProps<T> {
  fields: FieldSpec<T>[];
  item: T;
  onChange: (item: T) => void;
  problems: Record<string, FieldProblem>;
  disabled?: boolean;
}

/** The inputs of a field description, grouped by section. */
export function EntityForm<T>({ fields, item, onChange, problems, disabled }: EntityFormProps<T>) {
  const { t } = useTranslation();
  const shown = fields.filter((field) => !field.visible || field.visible(item));
  const sections = [...new Set(shown.map((field) => field.section ?? ''))];

  const problemText = (field: FieldSpec<T>) => {
    const problem = problems[field.path];
    if (problem === 'required') return field.requiredMessage ?? t('entity.required');
    if (problem === 'minLength') return field.minLengthMessage ?? t('entity.minLength', { count: field.minLength });
    return field.helper;
  };

  const input = (field: FieldSpec<T>) => {
    const value = displayValue(field as FieldSpec, item);
    const set = (next: unknown) => onChange(applyValue(field as FieldSpec, item, next));
    const common = {
      label: field.label,
      fullWidth: true,
      size: 'small' as const,
      disabled,
      required: field.required,
      error: problems[field.path] !== undefined,
      helperText: problemText(field),
      slotProps: { htmlInput: { 'data-field': field.path } },
    };
    switch (field.kind) {
      case 'custom':
        return field.render?.(item, onChange);
      case 'boolean':
        return (
          <FormControlLabel
            control={<Switch checked={value === true} onChange={(event) => set(event.target.checked)} disabled={disabled} slotProps={{ input: { 'data-field': field.path } as object }} />}
            label={field.label}
          />
        );
      case 'select': {
        // a stored value no option names (saved by Traccar or an older version) stays shown, and saved, as it is
        const stray = field.keepOther === true && value !== '' && !field.options?.some((option) => String(option.value) === String(value));
        return (
          <TextField {...common} select value={value === '' ? '' : String(value)} onChange={(event) => set(event.target.value)}>
            {!field.required && <MenuItem value="">{t('common.none')}</MenuItem>}
            {stray && <MenuItem value={String(value)}>{t('entity.otherValue', { value: String(value) })}</MenuItem>}
            {field.options?.map((option) => (
              <MenuItem key={option.value} value={String(option.value)} disabled={option.note !== undefined}>
                <ListItemText primary={option.label} secondary={option.note} />
              </MenuItem>
            ))}
          </TextField>
        );
      }
      case 'multiselect': {
        const chosen = value as string[];
        // an option with a note (a channel the server does not deliver) cannot be newly chosen;
        // one the stored item already has is still shown, and can be removed
        const noted = new Set(field.options?.filter((option) => option.note !== undefined).map((option) => String(option.value)));
        const allowed = (v: string) => chosen.includes(v) || !noted.has(v);
        return (
          <TextField
            {...common}
            select
            value={value}
            onChange={(event) => {
              const next: unknown = event.target.value;
              set(Array.isArray(next) ? next.filter(allowed) : next);
            }}
            slotProps={{ ...common.slotProps, select: { multiple: true, renderValue: (selected) => (selected as string[]).map((v) => field.options?.find((o) => String(o.value) === v)?.label ?? v).join(', ') } }}
          >
            {field.options?.map((option) => (
              <MenuItem key={option.value} value={String(option.value)} dense disabled={!allowed(String(option.value))}>
                <Checkbox size="small" checked={chosen.includes(String(option.value))} />
                <ListItemText primary={option.label} secondary={option.note} />
              </MenuItem>
            ))}
          </TextField>
        );
      }
      case 'color':
        return <TextField {...common} type="color" value={value || '#1976d2'} onChange={(event) => set(event.target.value)} />;
      case 'datetime': {
        const { slotProps, ...shared } = common;
        return <DateTimeField {...shared} value={typeof value === 'number' ? value : null} onChange={set} inputProps={slotProps.htmlInput} />;
      }
      case 'number':
        return <TextField {...common} type="number" value={value} onChange={(event) => set(event.target.value)} />;
      default:
        return (
          <TextField
            {...common}
            type={field.kind === 'password' ? 'password' : 'text'}
            multiline={field.kind === 'multiline'}
            minRows={field.kind === 'multiline' ? 3 : undefined}
            autoComplete={field.kind === 'password' ? 'new-password' : 'off'}
            value={value}
            onChange={(event) => set(event.target.value)}
          />
        );
    }
  };

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      {sections.map((section) => (
        <Fragment key={section}>
          {section && (
            <Typography variant="overline" color="text.secondary" sx={{ pt: 1 }}>
              {section}
            </Typography>
          )}
          {shown.filter((field) => (field.section ?? '') === section).map((field) => (
            <Fragment key={`${field.path}:${field.label}`}>{input(field)}</Fragment>
          ))}
        </Fragment>
      ))}
    </Stack>
  );
}
