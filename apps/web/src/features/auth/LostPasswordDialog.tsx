import { useState, type SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from '../../api/password.ts';
import { useSubmit } from '../../ui/useSubmit.ts';
import { AuthField } from './AuthField.tsx';

interface LostPasswordDialogProps {
  open: boolean;
  initialEmail: string;
  onClose: () => void;
}

export function LostPasswordDialog({ open, initialEmail, onClose }: LostPasswordDialogProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState(false);
  const send = useSubmit(requestPasswordReset, { onSuccess: () => setSent(true) });

  const reset = () => {
    setEmail(initialEmail);
    setSent(false);
    send.reset();
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (email.trim() === '') send.fail('FILL_ALL_FIELDS');
    else send.run(email.trim());
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" slotProps={{ transition: { onEnter: reset } }}>
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t('auth.lostPassword')}</DialogTitle>
        <DialogContent>
          {sent ? (
            <Alert severity="success">{t('auth.resetSent')}</Alert>
          ) : (
            <>
              {send.message !== null && <Alert severity="error" sx={{ mb: 2 }}>{send.message}</Alert>}
              <AuthField name="email" type="email" label={t('auth.email')} autoComplete="email" value={email} onChange={setEmail} autoFocus margin="dense" />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{sent ? t('common.close') : t('common.cancel')}</Button>
          {!sent && (
            <Button type="submit" variant="contained" disabled={send.busy}>
              {t('auth.sendReset')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
