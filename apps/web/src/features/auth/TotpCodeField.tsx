import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Six digits, as authenticator apps show them (RFC 6238 with the usual settings). */
export const isTotpCode = (code: string) => /^\d{6}$/.test(code);

interface TotpCodeFieldProps {
  value: string;
  onChange: (code: string) => void;
  autoFocus?: boolean;
  label?: string;
}

/** The authenticator's code: digits only, with the phone's numeric keyboard and one-time-code autofill. */
export function TotpCodeField({ value, onChange, autoFocus, label }: TotpCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {t('auth.totpPrompt')}
      </Typography>
      <TextField
        name="code"
        label={label ?? t('auth.totpCode')}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
        autoComplete="one-time-code"
        autoFocus={autoFocus}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6, 'data-testid': 'totp-code' } }}
      />
    </Stack>
  );
}
