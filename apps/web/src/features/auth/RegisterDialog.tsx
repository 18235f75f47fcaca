import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { registerUser, type Registration } from '../../api/users.ts';
import { useErrorText } from '../../ui/useErrorText.ts';
import { validateRegistration, type RegistrationErrors } from './registrationRules.ts';

interface RegisterDialogProps {
  open: boolean;
  onClose(): void;
  onRegistered(email: string): void;
}

const EMPTY: Registration = { name: '', email: '', password: '' };

export function RegisterDialog({ open, onClose, onRegistered }: RegisterDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [form, setForm] = useState<Registration>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<RegistrationErrors>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setForm(EMPTY);
    setFieldErrors({});
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const registration = { ...form, name: form.name.trim(), email: form.email.trim() };
    const errors = validateRegistration(registration);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      await registerUser(registration);
      onRegistered(registration.email);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const field = (key: keyof Registration) => ({
    name: key,
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
    error: fieldErrors[key] !== undefined,
    helperText: fieldErrors[key] ? t(fieldErrors[key]) : ' ',
    fullWidth: true,
    margin: 'dense' as const,
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" slotProps={{ transition: { onEnter: reset } }}>
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t('auth.register')}</DialogTitle>
        <DialogContent>
          {error !== null && <Alert severity="error" sx={{ mb: 1 }}>{errorText(error)}</Alert>}
          <TextField {...field('name')} label={t('auth.name')} autoComplete="name" autoFocus />
          <TextField {...field('email')} type="email" label={t('auth.email')} autoComplete="email" />
          <TextField {...field('password')} type="password" label={t('auth.password')} autoComplete="new-password" />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('auth.createAccount')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
