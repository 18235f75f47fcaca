import type { ReactNode } from 'react';
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useWebConfig } from '../../api/queries.ts';
import { logout } from '../auth/index.ts';

/** A driver's main action: a large button, easy to hit in a moving cab. */
export function DriverAction(props: Omit<ButtonProps, 'size' | 'sx'> & { 'data-testid': string }) {
  return <Button {...props} size="large" sx={{ py: 2, fontSize: '1.1rem' }} />;
}

/** Phone-first frame of the driver's screens: brand, the screen's title, logout; one column below. */
export function DriverFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const brand = useWebConfig().data?.title ?? t('app.brand');
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 2, py: 1.25 }}>
        <Stack direction="row" alignItems="center" spacing={1} sx={{ maxWidth: 520, mx: 'auto' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="caption" component="p" sx={{ opacity: 0.85, lineHeight: 1.2 }} noWrap>{brand}</Typography>
            <Typography variant="h6" component="h1" sx={{ lineHeight: 1.2 }} noWrap>{t('qrDriver.title')}</Typography>
          </Box>
          <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => void logout()} data-testid="qr-logout">
            {t('qrDriver.logout')}
          </Button>
        </Stack>
      </Box>
      <Stack component="main" spacing={2} sx={{ width: '100%', maxWidth: 520, mx: 'auto', p: 2, flex: 1 }}>
        {children}
      </Stack>
    </Box>
  );
}
