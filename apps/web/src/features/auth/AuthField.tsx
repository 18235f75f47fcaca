import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

interface AuthFieldProps {
  /** With `autoComplete`, what the browser's password manager knows the field by. */
  name: string;
  label: string;
  autoComplete: string;
  value: string;
  onChange: (text: string) => void;
  type?: 'email' | 'password';
  autoFocus?: boolean;
  margin?: 'dense';
  /** Catalog key of what is wrong with the value, shown under the field. */
  problem?: string | null;
  /** The line under the field is kept while empty, so that a message does not move the fields below. */
  keepLine?: boolean;
}

/** A text field of the sign-in, registration and password forms: full width, named for autofill. */
export function AuthField({ onChange, problem, keepLine, ...props }: AuthFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      {...props}
      onChange={(event) => onChange(event.target.value)}
      error={!!problem}
      helperText={problem ? t(problem) : keepLine ? ' ' : undefined}
      fullWidth
    />
  );
}
