import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { billingApi } from '../../api/billing.ts';
import type { Credentials } from '../../api/session.ts';
import { useSubmit } from '../../ui/useSubmit.ts';

interface TrustUnlockOfferProps {
  credentials: Credentials;
  onError: (error: unknown) => void;
}

/**
 * Spec §4/§8: a customer suspended for non-payment may unlock himself once, on trust; the server
 * refuses a second time (TRUST_UNLOCK_ALREADY_USED). Shown inside the login form: once unlocked,
 * it submits the form again, so signing in (remember me, return path) goes the usual way.
 */
export function TrustUnlockOffer({ credentials, onError }: TrustUnlockOfferProps) {
  const { t } = useTranslation();
  // once unlocked, the sign-in form is sent again
  const unlock = useSubmit(
    async (form: HTMLFormElement | null) => {
      await billingApi.trustUnlock(credentials);
      form?.requestSubmit();
    },
    { onError: (failure) => onError(failure) },
  );
  return (
    <Stack spacing={1} data-testid="trust-unlock-offer">
      <Typography variant="body2" color="text.secondary">
        {t('auth.trustUnlockHelp')}
      </Typography>
      <Button variant="outlined" color="warning" onClick={(event) => unlock.run(event.currentTarget.closest('form'))} disabled={unlock.busy} data-testid="trust-unlock">
        {t('auth.trustUnlock')}
      </Button>
    </Stack>
  );
}
