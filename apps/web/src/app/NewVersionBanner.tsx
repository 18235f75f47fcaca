import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { activateNewVersion, useNewVersionWaiting } from './serviceWorker.ts';

/** Spec §8: a new version is available; OK reloads into it. */
export function NewVersionBanner() {
  const { t } = useTranslation();
  const waiting = useNewVersionWaiting();
  return (
    <Snackbar open={waiting} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} sx={{ top: { xs: 56, sm: 60 } }}>
      <Alert
        severity="info"
        variant="filled"
        data-testid="new-version"
        action={
          <Button color="inherit" size="small" onClick={activateNewVersion}>
            {t('shell.ok')}
          </Button>
        }
      >
        {t('shell.newVersion')}
      </Alert>
    </Snackbar>
  );
}
