import { useState, type SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { updatePassword } from '../../api/password.ts';
import { LOGIN_PATH } from '../../access/guard.ts';
import { useSubmit } from '../../ui/useSubmit.ts';
import { AuthField } from './AuthField.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { resetPasswordProblem } from './resetPasswordRules.ts';

/**
 * /reset-password?token=… — the page of the lost-password e-mail's link: the new password twice,
 * then on to the login, which says the password changed.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [tried, setTried] = useState(false);
  const problem = resetPasswordProblem(password, confirm);
  // shown once the user has tried to save
  const shown = tried ? problem : null;
  // on to the login page: the form stays disabled while it loads
  const save = useSubmit(
    async (newPassword: string) => {
      await updatePassword(token, newPassword);
      void navigate(LOGIN_PATH, { replace: true, state: { passwordChanged: true } });
    },
    { holdOnSuccess: true },
  );

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    setTried(true);
    if (!problem) save.run(password);
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
          {save.message !== null && <Alert severity="error">{save.message}</Alert>}
          <Typography variant="body2" color="text.secondary">
            {t('auth.resetHelp')}
          </Typography>
          <AuthField
            name="password"
            type="password"
            label={t('auth.newPassword')}
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            problem={shown === 'short' ? 'validation.minFour' : null}
            autoFocus
          />
          <AuthField name="passwordConfirm" type="password" label={t('auth.newPasswordConfirm')} autoComplete="new-password" value={confirm} onChange={setConfirm} problem={shown === 'mismatch' ? 'auth.passwordMismatch' : null} />
          <Button type="submit" variant="contained" size="large" disabled={save.busy} fullWidth>
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
