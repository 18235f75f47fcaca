import { useEffect, useState } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { getSession } from '../../api/session.ts';
import { HOME_PATH } from '../../access/guard.ts';
import { sessionUser } from '../../state/session.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { LoginForm } from './LoginForm.tsx';

/** /share/:token signs in with the share token; if that fails, the normal login form is offered. */
export default function SharePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    let active = true;
    getSession(token).then(
      (user) => {
        if (!active) return;
        sessionUser.set(user);
        void navigate(HOME_PATH, { replace: true });
      },
      (error: unknown) => active && setFailure(error),
    );
    return () => {
      active = false;
    };
  }, [token, navigate]);

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
        <LoginForm initialError={failure} />
      )}
    </AuthLayout>
  );
}
