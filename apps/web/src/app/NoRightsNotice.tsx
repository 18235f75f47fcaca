import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { hasNoRights, useAccessContext } from '../access/permissions.ts';

/**
 * Spec §6: a user under advanced permissions holding no right at all is told so over the map,
 * rather than left to wonder why the menus are empty.
 */
export function NoRightsNotice() {
  const { t } = useTranslation();
  const access = useAccessContext();
  if (!access || !hasNoRights(access)) return null;
  return (
    <Alert
      severity="info"
      role="status"
      data-testid="no-rights"
      sx={{ position: 'absolute', zIndex: 2, top: 12, left: 12, maxWidth: 'min(420px, calc(100% - 80px))', boxShadow: 2 }}
    >
      {t('shell.noRights')}
    </Alert>
  );
}
