import { useState, type SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import type { User } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { useServerInfo } from '../../api/queries.ts';
import { createSession, createSessionToken, needsTotpCode, revokeSessionToken, type Credentials } from '../../api/session.ts';
import { HOME_PATH, QR_DRIVER_PATH, returnPath } from '../../access/guard.ts';
import { forgetToken, rememberExpiration, rememberToken, rememberedToken } from '../../state/rememberedSession.ts';
import { isQrDriver, sessionUser } from '../../state/session.ts';
import { useErrorText } from '../../ui/useErrorText.ts';
import { useSubmit } from '../../ui/useSubmit.ts';
import { errorCode } from '../../ui/errorMessage.ts';
import { AuthField } from './AuthField.tsx';
import { TrustUnlockOffer } from './TrustUnlockOffer.tsx';
import { LostPasswordDialog } from './LostPasswordDialog.tsx';
import { RegisterDialog } from './RegisterDialog.tsx';
import { loginFieldsError } from './registrationRules.ts';
import { TotpCodeField, isTotpCode } from './TotpCodeField.tsx';

/**
 * Remember me: a long-lived token of the server is kept instead of the password, and a token kept
 * from before is revoked when the user signs in without it. Failing to mint one does not fail the
 * sign-in, which has succeeded: the user is just not remembered.
 */
async function keepSignedIn(remember: boolean): Promise<void> {
  const previous = rememberedToken();
  forgetToken();
  if (previous) await revokeSessionToken(previous).catch(() => undefined);
  if (remember) {
    await createSessionToken(rememberExpiration()).then(rememberToken, () => undefined);
  }
}

/**
 * Username (e-mail or login) and password; on success goes to the `to` return path (by default the
 * map, or a QR driver's check-in screen). An account with two-step verification is answered 401
 * `WWW-Authenticate: TOTP`: the form then asks for the authenticator's code and sends all three.
 * The driver login has no lost password or registration: a driver's account is made by the fleet
 * manager.
 * Errors are kept as they came (a failure or a catalog code) and worded at render time, so a change
 * of language rewords them too.
 */
export function LoginForm({ initialError = null, driver = false }: { initialError?: unknown; driver?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const errorText = useErrorText();
  const registration = useServerInfo().data?.server.registration === true;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  // the driver screen sends a driver whose session the server ended (automatic check-out) back here
  const sessionEnded = driver && (location.state as { sessionEnded?: boolean } | null)?.sessionEnded === true;
  // the reset-password page sends the user here once the new password is set
  const passwordChanged = (location.state as { passwordChanged?: boolean } | null)?.passwordChanged === true;
  const [totp, setTotp] = useState(false);
  const [code, setCode] = useState('');
  const [registered, setRegistered] = useState(false);
  const [dialog, setDialog] = useState<'lostPassword' | 'register' | null>(null);

  /** True once signed in (the form stays disabled while the next page loads); false when the account now asks for its code. */
  const signIn = useSubmit(
    async (credentials: Credentials): Promise<boolean> => {
      let user: User;
      try {
        user = await createSession(credentials);
      } catch (failure) {
        if (needsTotpCode(failure)) {
          // the password was right; the account wants its code as well
          const asked = totp;
          setTotp(true);
          setCode('');
          if (asked) throw new Error('TOTP code required', { cause: failure });
          return false;
        }
        // the password passed before: a 401 now is the code
        if (totp && failure instanceof ApiError && failure.status === 401) throw new Error('User authorization failed', { cause: failure });
        throw failure;
      }
      await keepSignedIn(remember);
      sessionUser.set(user);
      void navigate(returnPath(location.search, driver || isQrDriver(user) ? QR_DRIVER_PATH : HOME_PATH), { replace: true });
      return true;
    },
    { holdOnSuccess: (signedIn) => signedIn, initialError },
  );
  const error = signIn.error;
  const setError = (reason: unknown) => (reason === null ? signIn.reset() : signIn.fail(reason));

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    setRegistered(false);
    const missing = loginFieldsError(email, password);
    if (missing) setError(missing);
    else if (totp && !isTotpCode(code)) setError('TOTP_CODE_REQUIRED');
    else signIn.run({ email: email.trim(), password, ...(totp ? { code } : {}) });
  };

  const leaveTotp = () => {
    setTotp(false);
    setCode('');
    setPassword('');
    setError(null);
  };

  return (
    <>
      <Stack component="form" spacing={2} noValidate onSubmit={submit}>
        {error !== null && <Alert severity="error">{errorText(error, 'login')}</Alert>}
        {error !== null && errorCode(error, 'login') === 'ACCOUNT_SUSPENDED_TRUST_UNLOCK_AVAILABLE' && (
          <TrustUnlockOffer credentials={{ email: email.trim(), password }} onError={setError} />
        )}
        {registered && <Alert severity="success">{t('auth.registered')}</Alert>}
        {sessionEnded && error === null && <Alert severity="info">{t('qrDriver.sessionEnded')}</Alert>}
        {passwordChanged && error === null && !totp && <Alert severity="success">{t('auth.passwordChanged')}</Alert>}
        {totp ? (
          <TotpCodeField value={code} onChange={setCode} autoFocus />
        ) : (
          <>
            <AuthField name="email" label={t('auth.username')} autoComplete="username" value={email} onChange={setEmail} autoFocus />
            <AuthField name="password" type="password" label={t('auth.password')} autoComplete="current-password" value={password} onChange={setPassword} />
            <FormControlLabel
              control={<Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)} />}
              label={t('auth.rememberMe')}
            />
          </>
        )}
        <Button type="submit" variant="contained" size="large" disabled={signIn.busy} fullWidth>
          {totp ? t('auth.verifyCode') : t('auth.signIn')}
        </Button>
        {totp && (
          <Button size="small" onClick={leaveTotp}>
            {t('auth.backToSignIn')}
          </Button>
        )}
        {!driver && !totp && (
          <Stack direction="row" justifyContent={registration ? 'space-between' : 'center'}>
            <Button size="small" onClick={() => setDialog('lostPassword')}>
              {t('auth.lostPassword')}
            </Button>
            {registration && (
              <Button size="small" onClick={() => setDialog('register')}>
                {t('auth.register')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      <LostPasswordDialog open={dialog === 'lostPassword'} initialEmail={email} onClose={() => setDialog(null)} />
      <RegisterDialog
        open={dialog === 'register'}
        onClose={() => setDialog(null)}
        onRegistered={(registeredEmail) => {
          setDialog(null);
          setEmail(registeredEmail);
          setPassword('');
          setError(null);
          setRegistered(true);
        }}
      />
    </>
  );
}
