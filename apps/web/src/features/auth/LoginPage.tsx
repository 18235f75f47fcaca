import { useTranslation } from 'react-i18next';
import { AuthLayout } from './AuthLayout.tsx';
import { LoginForm } from './LoginForm.tsx';
import { OpenIdButton } from './OpenIdButton.tsx';

/** /login, and /motorista for QR-code drivers (same form, driver wording). */
export default function LoginPage({ driver = false }: { driver?: boolean }) {
  const { t } = useTranslation();
  return (
    <AuthLayout subtitle={driver ? t('auth.driverSubtitle') : t('auth.subtitle')}>
      <LoginForm driver={driver} />
      {!driver && <OpenIdButton />}
    </AuthLayout>
  );
}
