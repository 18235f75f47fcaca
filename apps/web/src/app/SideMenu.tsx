import AssessmentIcon from '@mui/icons-material/Assessment';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import FenceIcon from '@mui/icons-material/Fence';
import NotificationsIcon from '@mui/icons-material/Notifications';
import SendIcon from '@mui/icons-material/Send';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
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
import { PRODUCT_VERSION, type PermissionArea } from '@rastro/api';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useServerInfo } from '../api/queries.ts';
import { HOME_PATH } from './guard.ts';
import { areaAllowed, useAccessContext } from './permissions.ts';
import { routeExists } from './routeExists.ts';

/** The entries of spec §2; one shows once its page exists. */
interface SideEntry {
  path: string;
  label: string;
  icon: ReactNode;
  area?: PermissionArea;
}

const ENTRIES = ([
  { path: HOME_PATH, label: 'shell.map', icon: <MapIcon /> },
  { path: '/devices', label: 'shell.devices', icon: <DirectionsCarIcon /> },
  { path: '/reports', label: 'reports.title', icon: <AssessmentIcon />, area: 'reports' },
  { path: '/geofence', label: 'shell.geofences', icon: <FenceIcon />, area: 'geofences' },
  { path: '/commands', label: 'shell.commands', icon: <SendIcon />, area: 'commands' },
  { path: '/groups', label: 'shell.groups', icon: <WorkspacesIcon />, area: 'groups' },
  { path: '/notifications', label: 'shell.notifications', icon: <NotificationsIcon />, area: 'notifications' },
] satisfies SideEntry[]).filter((entry: SideEntry) => routeExists(entry.path));

export function SideMenu({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const serverVersion = useServerInfo().data?.server.version;
  const access = useAccessContext();
  // spec §6: an area the user may not see is not offered
  const entries = ENTRIES.filter((entry) => !entry.area || (access !== null && areaAllowed(entry.area, access)));

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
          {entries.map((entry) => (
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
