import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../ui/useNow.ts';
import { clearAuth } from '../features/auth/logout.ts';
import { remainingUntil } from './shareExpiry.ts';

const pad = (value: number) => String(value).padStart(2, '0');

/** 'Expira em:' countdown of a share-link user; at expiry a dialog whose only way out is 'Sair'. */
export function ShareCountdown({ expiration }: { expiration: string }) {
  const { t } = useTranslation();
  const remaining = remainingUntil(expiration, useNow(1000));

  // spec §4: once the time is up the access ends at once, whether or not 'Sair' is pressed
  useEffect(() => {
    if (remaining.expired) void clearAuth().catch(() => undefined);
  }, [remaining.expired]);
  const time = t('shell.countdown', {
    days: remaining.days,
    hours: pad(remaining.hours),
    minutes: pad(remaining.minutes),
    seconds: pad(remaining.seconds),
  });
  return (
    <>
      <Typography variant="body2" component="span" noWrap sx={{ fontVariantNumeric: 'tabular-nums', fontSize: { xs: 12, sm: 14 } }}>
        {t('shell.expiresIn', { time })}
      </Typography>
      <Dialog open={remaining.expired} aria-describedby="share-expired">
        <DialogContent>
          <DialogContentText id="share-expired">{t('shell.shareExpired')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t('shell.exit')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
