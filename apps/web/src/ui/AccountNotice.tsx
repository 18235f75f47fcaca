import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { accountRestriction, useAccessContext } from '../access/permissions.ts';

/**
 * Spec §8 ACCOUNT_IS_READONLY / ACCOUNT_IS_DEVICE_READONLY, told where the controls the account
 * may not use are left out: a read-only account everywhere it could write, a device-read-only
 * one where devices are changed (`devices`).
 */
export function AccountNotice({ devices = false, sx }: { devices?: boolean; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const access = useAccessContext();
  const restriction = access && accountRestriction(access);
  if (!restriction || (restriction === 'ACCOUNT_IS_DEVICE_READONLY' && !devices)) return null;
  return (
    <Alert severity="info" variant="outlined" sx={sx} data-testid="account-notice">
      {t(`errors.${restriction}`)}
    </Alert>
  );
}
