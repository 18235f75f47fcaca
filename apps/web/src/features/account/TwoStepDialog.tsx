import { useEffect, useState, type SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { User } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { usersApi } from '../../api/management.ts';
import { generateTotpSecret } from '../../api/users.ts';
import { notify } from '../../state/notice.ts';
import { sessionUser } from '../../state/session.ts';
import { modulesPath, qrModules } from '../../ui/qrCode.ts';
import { useSubmit } from '../../ui/useSubmit.ts';
import { TotpCodeField, isTotpCode } from '../auth/index.ts';
import { checkTotp, groupSecret, otpauthUri } from './totp.ts';

/** Saves the user with `totpKey` (null turns two-step verification off) and keeps the session's copy in step. */
async function saveTotpKey(user: User, totpKey: string | null): Promise<void> {
  const { password: _password, ...rest } = user;
  sessionUser.set(await usersApi.save({ ...rest, totpKey }));
}

/**
 * "Two-step verification" of My account. Turning it on: the server makes a secret, shown as a QR
 * code for the authenticator app; the user types the app's code, checked here, and only then is
 * the secret saved. Turning it off clears the secret.
 */
export function TwoStepDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  // fixed when the dialog opens: a save updates the session user before the dialog closes, and
  // turning it off must not re-render as the "turn on" dialog and ask the server for a new secret
  const [enabled] = useState(() => !!user.totpKey);
  const [secret, setSecret] = useState<string | null>(null);
  const [modules, setModules] = useState<boolean[][] | null>(null);
  const [code, setCode] = useState('');
  // each action saves, then closes; the dialog stays disabled until it has gone
  const save = useSubmit(async (work: () => Promise<void>) => {
    await work();
    onClose();
    notify(t(enabled ? 'account.twoStep.disabled' : 'account.twoStep.enabled'), 'success');
  }, { holdOnSuccess: true });
  const { fail } = save;

  useEffect(() => {
    if (enabled) return;
    let current = true;
    generateTotpSecret().then(
      async (fresh) => {
        const drawn = await qrModules(otpauthUri(user.email, fresh));
        if (!current) return;
        setSecret(fresh);
        setModules(drawn);
      },
      (failure: unknown) => current && fail(failure),
    );
    return () => {
      current = false;
    };
  }, [enabled, user.email, fail]);

  const enable = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!secret) return;
    save.run(async () => {
      if (!isTotpCode(code) || !(await checkTotp(secret, code))) throw new Error('TOTP code mismatch');
      await saveTotpKey(user, secret);
    });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="two-step-dialog">
      <form noValidate onSubmit={enable}>
        <DialogTitle>{enabled ? t('account.twoStep.title') : t('account.twoStep.enableTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {save.message !== null && <Alert severity="error">{save.message}</Alert>}
            {enabled ? (
              <Alert severity="success">{t('account.twoStep.on')}</Alert>
            ) : (
              <>
                <Typography variant="body2" color="text.secondary">{t('account.twoStep.scan')}</Typography>
                <Box sx={{ alignSelf: 'center', width: 220, height: 220, display: 'grid', placeItems: 'center', bgcolor: '#fff', borderRadius: 1 }}>
                  {modules && secret ? (
                    <svg viewBox={`0 0 ${modules.length} ${modules.length}`} width={220} height={220} shapeRendering="crispEdges" role="img" aria-label={t('account.twoStep.qrLabel')} data-testid="totp-qr">
                      <rect width={modules.length} height={modules.length} fill="#fff" />
                      <path d={modulesPath(modules)} fill="#000" />
                    </svg>
                  ) : (
                    save.error === null && <CircularProgress />
                  )}
                </Box>
                {secret && (
                  <Typography variant="body2" sx={{ textAlign: 'center' }}>
                    {t('account.twoStep.manual')}{' '}
                    <Box component="code" data-testid="totp-secret" sx={{ display: 'block', mt: 0.5, fontSize: '1rem', fontWeight: 600, wordSpacing: '0.25em' }}>{groupSecret(secret)}</Box>
                  </Typography>
                )}
                <TotpCodeField value={code} onChange={setCode} label={t('account.twoStep.code')} />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.busy}>{t('common.cancel')}</Button>
          {enabled ? (
            <Button color="error" variant="contained" disabled={save.busy} onClick={() => save.run(() => saveTotpKey(user, null))} data-testid="totp-disable">
              {t('account.twoStep.disable')}
            </Button>
          ) : (
            <Button type="submit" variant="contained" disabled={save.busy || !secret} data-testid="totp-enable">
              {t('account.twoStep.enable')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
