import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import MapIcon from '@mui/icons-material/Map';
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
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useServerInfo } from '../api/queries.ts';
import { HOME_PATH } from './guard.ts';

/** Entries of the pages that exist; the others of spec §2 join as their screens are built. */
const ENTRIES: { path: string; label: string; icon: ReactNode }[] = [
  { path: HOME_PATH, label: 'shell.map', icon: <MapIcon /> },
  { path: '/devices', label: 'shell.devices', icon: <DirectionsCarIcon /> },
];

export function SideMenu({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const serverVersion = useServerInfo().data?.server.version;

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
          {ENTRIES.map((entry) => (
            <ListItemButton key={entry.path} component={Link} to={entry.path} selected={pathname === entry.path} onClick={onClose}>
              <ListItemIcon>{entry.icon}</ListItemIcon>
              <ListItemText primary={t(entry.label)} />
            </ListItemButton>
          ))}
        </List>
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
