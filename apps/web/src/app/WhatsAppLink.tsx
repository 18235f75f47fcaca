import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Fab from '@mui/material/Fab';
import { useTranslation } from 'react-i18next';
import { useWebConfig } from '../api/queries.ts';

/** wa.me wants the international number as digits only. */
export function whatsAppUrl(number: string): string | null {
  const digits = number.replace(/\D/g, '');
  return digits.length >= 8 ? `https://wa.me/${digits}` : null;
}

/** The floating contact link of spec §2, when config.json names a WhatsApp number. */
export function WhatsAppLink() {
  const { t } = useTranslation();
  const number = useWebConfig().data?.whatsapp;
  const url = number ? whatsAppUrl(number) : null;
  if (!url) return null;
  return (
    <Fab
      component="a"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      size="medium"
      aria-label={t('shell.whatsapp')}
      data-testid="whatsapp-link"
      sx={{
        position: 'absolute',
        zIndex: 1,
        left: 12,
        bottom: 40,
        bgcolor: '#25d366',
        color: '#fff',
        '&:hover': { bgcolor: '#1da851' },
      }}
    >
      <WhatsAppIcon />
    </Fab>
  );
}
