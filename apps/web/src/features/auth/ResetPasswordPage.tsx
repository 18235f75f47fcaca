import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { updatePassword } from '../../api/password.ts';
import { LOGIN_PATH } from '../../app/guard.ts';
import { useErrorText } from '../../ui/useErrorText.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { resetPasswordProblem } from './resetPasswordRules.ts';

/**
 * /reset-password?token=… — the page of the lost-password e-mail's link: the new password twice,
 * then on to the login, which says the password changed.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const problem = resetPasswordProblem(password, confirm);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) return;
    setBusy(true);
    setError(null);
    try {
      await updatePassword(token, password);
      navigate(LOGIN_PATH, { replace: true, state: { passwordChanged: true } });
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };

  return (
    <AuthLayout subtitle={t('auth.resetTitle')}>
      {token === '' ? (
        <Stack spacing={2}>
          <Alert severity="error">{t('auth.resetNoToken')}</Alert>
          <Button component={RouterLink} to={LOGIN_PATH} variant="contained">
            {t('auth.backToLogin')}
          </Button>
        </Stack>
      ) : (
        <Stack component="form" spacing={2} noValidate onSubmit={submit}>
          {error !== null && <Alert severity="error">{errorText(error)}</Alert>}
          <Typography variant="body2" color="text.secondary">
            {t('auth.resetHelp')}
          </Typography>
          <TextField
            name="password"
            type="password"
            label={t('auth.newPassword')}
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={tried && problem === 'short'}
            helperText={tried && problem === 'short' ? t('validation.minFour') : undefined}
            autoFocus
            fullWidth
          />
          <TextField
            name="passwordConfirm"
            type="password"
            label={t('auth.newPasswordConfirm')}
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            error={tried && problem === 'mismatch'}
            helperText={tried && problem === 'mismatch' ? t('auth.passwordMismatch') : undefined}
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
            {t('auth.savePassword')}
          </Button>
          <Button component={RouterLink} to={LOGIN_PATH} size="small">
            {t('auth.backToLogin')}
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}
