import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNow } from '../ui/useNow.ts';
import { logout } from './logout.ts';
import { remainingUntil } from './shareExpiry.ts';

const pad = (value: number) => String(value).padStart(2, '0');

/** 'Expira em:' countdown of a share-link user; at expiry a dialog whose only way out is 'Sair'. */
export function ShareCountdown({ expiration }: { expiration: string }) {
  const { t } = useTranslation();
  const remaining = remainingUntil(expiration, useNow(1000));
  const time = t('shell.countdown', {
    days: remaining.days,
    hours: pad(remaining.hours),
    minutes: pad(remaining.minutes),
    seconds: pad(remaining.seconds),
  });
  return (
    <>
      <Typography variant="body2" component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {t('shell.expiresIn', { time })}
      </Typography>
      <Dialog open={remaining.expired} aria-describedby="share-expired">
        <DialogContent>
          <DialogContentText id="share-expired">{t('shell.shareExpired')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => void logout()}>
            {t('shell.exit')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
