import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../access/guard.ts';

/** A signed-in user who is not a QR driver opened a driver page. */
export function NotForDriver() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Alert severity="info">{t('qrDriver.notDriver')}</Alert>
      <Button variant="contained" onClick={() => navigate(HOME_PATH)}>{t('qrDriver.goHome')}</Button>
    </>
  );
}
