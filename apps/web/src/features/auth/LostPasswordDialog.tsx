import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from '../../api/password.ts';
import { useErrorText } from '../../ui/useErrorText.ts';

interface LostPasswordDialogProps {
  open: boolean;
  initialEmail: string;
  onClose(): void;
}

export function LostPasswordDialog({ open, initialEmail, onClose }: LostPasswordDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const reset = () => {
    setEmail(initialEmail);
    setSent(false);
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') {
      setError('FILL_ALL_FIELDS');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
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
              {error !== null && <Alert severity="error" sx={{ mb: 2 }}>{errorText(error)}</Alert>}
              <TextField
                name="email"
                type="email"
                label={t('auth.email')}
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                autoFocus
                fullWidth
                margin="dense"
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{sent ? t('common.close') : t('common.cancel')}</Button>
          {!sent && (
            <Button type="submit" variant="contained" disabled={busy}>
              {t('auth.sendReset')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
