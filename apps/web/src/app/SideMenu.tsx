import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { PRODUCT_VERSION } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useServerInfo } from '../api/queries.ts';
import { hasNoRights, useAccessContext } from '../access/permissions.ts';
import { menuItems } from './menus.ts';

export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const serverVersion = useServerInfo().data?.server.version;
  // spec §6: a page the user may not open is not offered
  const access = useAccessContext();
  const entries = menuItems('side', access);

  return (
    <Drawer open={open} onClose={onClose}>
      <Box component="nav" aria-label={t('shell.menu')} sx={{ width: 260, height: '100%', display: 'flex', flexDirection: 'column' }}>
        <Toolbar variant="dense">
          <Typography variant="h6" color="primary" sx={{ fontWeight: 700 }}>
            {t('app.brand')}
          </Typography>
        </Toolbar>
        <Divider />
        <List sx={{ flex: 1 }}>
          {entries.map(({ to, label, icon: Icon }) => (
            <ListItemButton key={to} component={Link} to={to} selected={pathname === to} onClick={onClose}>
              <ListItemIcon>
                <Icon />
              </ListItemIcon>
              <ListItemText primary={t(label)} />
            </ListItemButton>
          ))}
        </List>
        {access && hasNoRights(access) && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }} data-testid="no-rights-menu">
            {t('shell.noRights')}
          </Typography>
        )}
        <Divider />
        <Typography variant="caption" color="text.secondary" sx={{ p: 2 }} data-testid="version-line">
          {serverVersion
            ? t('shell.versionWithServer', { version: PRODUCT_VERSION, server: serverVersion })
            : t('app.version', { version: PRODUCT_VERSION })}
        </Typography>
      </Box>
    </Drawer>
  );
}
