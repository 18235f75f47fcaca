import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { openIdSignInUrl } from '../../api/openid.ts';
import { useServerInfo } from '../../api/queries.ts';

/**
 * Sign-in through the server's OpenID Connect provider, when it has one (`openIdEnabled`): a plain
 * navigation to GET /api/session/openid/auth, which sends the browser to the provider and, once
 * signed in there, back to the app with a session.
 */
export function OpenIdButton() {
  const { t } = useTranslation();
  if (useServerInfo().data?.server.openIdEnabled !== true) return null;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Divider>{t('auth.or')}</Divider>
      <Button variant="outlined" fullWidth href={openIdSignInUrl()} data-testid="openid-sign-in">
        {t('auth.openId')}
      </Button>
    </Stack>
  );
}
