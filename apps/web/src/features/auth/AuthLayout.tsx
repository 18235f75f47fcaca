import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRODUCT_VERSION } from '@rastro/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { themeQuery } from '../../api/theme.ts';
import { useWebConfig } from '../../api/queries.ts';
import { LanguageSelect } from './LanguageSelect.tsx';

/** Centred card of the public pages: brand, content, language and version. */
export function AuthLayout({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  const { t } = useTranslation();
  const branding = useQuery(themeQuery).data;
  const title = useWebConfig().data?.title ?? t('app.brand');
  // spec §3 Theme: login background image and colour, with a filter colour over the image
  const filter = branding?.filterColor ? `linear-gradient(${branding.filterColor}b3, ${branding.filterColor}b3), ` : '';
  const backdrop = branding?.loginBackground
    ? `${filter}url("${branding.loginBackground.replace(/"/g, '%22')}") center / cover no-repeat`
    : branding?.loginBackgroundColor;
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: (theme) =>
          backdrop ?? `linear-gradient(160deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, #2f6f8f 100%)`,
        bgcolor: branding?.loginBackgroundColor,
      }}
    >
      <Paper elevation={8} sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
        <Typography variant="h4" component="h1" color="primary" sx={{ fontWeight: 700, letterSpacing: '-0.5px' }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {subtitle}
        </Typography>
        {children}
        <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mt: 3 }}>
          <LanguageSelect />
          <Typography variant="caption" color="text.secondary">
            {t('app.version', { version: PRODUCT_VERSION })}
          </Typography>
        </Stack>
      </Paper>
    </Box>
  );
}
