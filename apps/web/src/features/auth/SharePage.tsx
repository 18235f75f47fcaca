import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { getDevices, isSoftDeleted } from '../../api/devices.ts';
import { getSession } from '../../api/session.ts';
import { HOME_PATH, LOGIN_PATH } from '../../access/guard.ts';
import { selectDevice } from '../../state/selection.ts';
import { sessionUser } from '../../state/session.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { shareFailure, type ShareFailure } from './shareFailure.ts';

/** The shared vehicle's page, where the map flies to it and its details open; the map when the list cannot tell. */
async function sharedDevicePath(): Promise<string> {
  try {
    const shared = (await getDevices()).find((device) => !isSoftDeleted(device));
    if (!shared) return HOME_PATH;
    selectDevice(shared.id, { focus: true });
    return `/devices/${shared.id}`;
  } catch {
    return HOME_PATH;
  }
}

/**
 * /share/:token signs the visitor in with the link's token and opens the shared vehicle. A link
 * that cannot sign in says why in plain words — expired, invalid, or the server out of reach (with
 * a retry) — rather than offering a password form the visitor has no use for.
 */
export default function SharePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<ShareFailure | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    getSession(token)
      .then(async (user) => {
        if (!active) return;
        sessionUser.set(user);
        const path = await sharedDevicePath();
        if (active) void navigate(path, { replace: true });
      })
      .catch((error: unknown) => active && setFailure(shareFailure(error)));
    return () => {
      active = false;
    };
  }, [token, navigate, attempt]);

  return (
    <AuthLayout subtitle={t('auth.shareSubtitle')}>
      {failure === null ? (
        <>
          <LinearProgress />
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('auth.shareSigningIn')}
          </Typography>
        </>
      ) : (
        <Stack spacing={2} data-testid="share-failure">
          <Alert severity={failure === 'unavailable' ? 'warning' : 'error'} role="alert">
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t(`auth.shareFailure.${failure}.title`)}
            </Typography>
            {t(`auth.shareFailure.${failure}.help`)}
          </Alert>
          {failure === 'unavailable' && (
            <Button
              variant="contained"
              onClick={() => {
                setFailure(null);
                setAttempt(attempt + 1);
              }}
            >
              {t('auth.shareFailure.retry')}
            </Button>
          )}
          <Button component={RouterLink} to={LOGIN_PATH} variant="text">
            {t('auth.shareFailure.signIn')}
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}
