import { useState, type SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { registerUser, type Registration } from '../../api/users.ts';
import { useSubmit } from '../../ui/useSubmit.ts';
import { AuthField } from './AuthField.tsx';
import { validateRegistration, type RegistrationErrors } from './registrationRules.ts';

interface RegisterDialogProps {
  open: boolean;
  onClose: () => void;
  onRegistered: (email: string) => void;
}

const EMPTY: Registration = { name: '', email: '', password: '' };

export function RegisterDialog({ open, onClose, onRegistered }: RegisterDialogProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Registration>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<RegistrationErrors>({});
  const register = useSubmit(async (registration: Registration) => {
    await registerUser(registration);
    onRegistered(registration.email);
  });

  const reset = () => {
    setForm(EMPTY);
    setFieldErrors({});
    register.reset();
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const registration = { ...form, name: form.name.trim(), email: form.email.trim() };
    const errors = validateRegistration(registration);
    setFieldErrors(errors);
    if (Object.keys(errors).length === 0) register.run(registration);
  };

  const field = (key: keyof Registration) => ({
    name: key,
    value: form[key],
    onChange: (text: string) => setForm({ ...form, [key]: text }),
    problem: fieldErrors[key],
    keepLine: true,
    margin: 'dense' as const,
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" slotProps={{ transition: { onEnter: reset } }}>
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t('auth.register')}</DialogTitle>
        <DialogContent>
          {register.message !== null && <Alert severity="error" sx={{ mb: 1 }}>{register.message}</Alert>}
          <AuthField {...field('name')} label={t('auth.name')} autoComplete="name" autoFocus />
          <AuthField {...field('email')} type="email" label={t('auth.email')} autoComplete="email" />
          <AuthField {...field('password')} type="password" label={t('auth.password')} autoComplete="new-password" />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={register.busy}>
            {t('auth.createAccount')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
