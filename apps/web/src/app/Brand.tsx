import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useServerInfo, useWebConfig } from '../api/queries.ts';
import { themeQuery } from '../api/theme.ts';
import { HOME_PATH } from '../access/guard.ts';

/** Room the logo may fill in the top bar; `tarkan.logoWidth` takes a share of it (spec §9: 80 %). */
const LOGO_SLOT_PX = 180;
const DEFAULT_LOGO_WIDTH = 80;

export function logoWidthPercent(value: unknown): number {
  const percent = typeof value === 'string' ? parseFloat(value) : Number(value);
  return Number.isFinite(percent) && percent > 0 && percent <= 100 ? percent : DEFAULT_LOGO_WIDTH;
}

/** The deployment's logo image (config.json `logo`), else its title, else the product name; links to the map. */
export function Brand() {
  const { t } = useTranslation();
  const config = useWebConfig().data;
  // set in the Theme page beside the logo, else the server's attribute (Tarkan keeps it there)
  const themeWidth = useQuery(themeQuery).data?.logoWidth;
  const serverWidth = useServerInfo().data?.server.attributes['tarkan.logoWidth'];
  const logoWidth = logoWidthPercent(themeWidth ?? serverWidth);
  const title = config?.title ?? t('app.brand');

  if (config?.logo) {
    return (
      <Box component={Link} to={HOME_PATH} sx={{ display: 'flex', alignItems: 'center', width: LOGO_SLOT_PX, maxWidth: '45vw' }}>
        <Box component="img" src={config.logo} alt={title} sx={{ width: `${logoWidth}%`, maxHeight: 36, objectFit: 'contain' }} />
      </Box>
    );
  }
  return (
    <Typography
      component={Link}
      to={HOME_PATH}
      variant="h6"
      noWrap
      sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, letterSpacing: '-0.3px' }}
    >
      {title}
    </Typography>
  );
}
