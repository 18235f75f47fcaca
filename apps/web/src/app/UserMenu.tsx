import { useState } from 'react';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import LogoutIcon from '@mui/icons-material/Logout';
import Divider from '@mui/material/Divider';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { User } from '@rastro/api';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccessContext } from '../access/permissions.ts';
import { logout } from '../features/auth/logout.ts';
import { isSharedUser, qrDeviceIdOf } from '../state/session.ts';
import { themeMode, useThemeMode } from '../state/themeMode.ts';
import { menuItems } from './menus.ts';
import { MENU_SECTIONS } from './pages.tsx';
import { ShareCountdown } from './ShareCountdown.tsx';

/** The user's name (a countdown for share-link users) opening the account menu. */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const shared = isSharedUser(user) && user.expirationTime !== null;
  const entries = menuItems('user', useAccessContext());
  const dark = useThemeMode() === 'dark';
  const close = () => setAnchor(null);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  return (
    <>
      {phone && !shared ? (
        // a phone's top bar leaves the room to the brand: the name heads the menu instead
        <IconButton
          color="inherit"
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={user.name}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          data-testid="user-menu"
        >
          <AccountCircleIcon />
        </IconButton>
      ) : (
        <Button
          color="inherit"
          startIcon={<AccountCircleIcon />}
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          data-testid="user-menu"
          sx={{ maxWidth: { xs: 170, sm: 280 }, minWidth: 0 }}
        >
          {shared && user.expirationTime ? (
            <ShareCountdown expiration={user.expirationTime} />
          ) : (
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{user.name}</span>
          )}
        </Button>
      )}
      {/* dense on a desktop; a phone keeps finger-sized rows, and 'Sair' stays in reach at the foot */}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close} slotProps={{ list: { dense: !phone } }}>
        {phone && !shared && (
          <ListSubheader sx={{ lineHeight: 1.4, py: 1, position: 'static' }}>
            <Typography variant="subtitle2" noWrap>{user.name}</Typography>
            {/* a QR device login's address is a generated one nobody reads */}
            {qrDeviceIdOf(user) === null && <Typography variant="caption" color="text.secondary" noWrap component="div">{user.email}</Typography>}
          </ListSubheader>
        )}
        {/* grouped, each group under its own heading, so a long menu reads at a glance */}
        {MENU_SECTIONS.flatMap((section) => {
          const items = entries.filter((entry) => (entry.section ?? 'fleet') === section);
          if (items.length === 0) return [];
          return [
            <ListSubheader key={section} data-testid={`menu-section-${section}`} sx={{ lineHeight: phone ? 2.5 : 2, fontWeight: 600 }}>
              {t(`shell.menuSections.${section}`)}
            </ListSubheader>,
            ...items.map(({ to, label, icon: Icon }) => (
              <MenuItem key={to} component={Link} to={to} onClick={close} sx={{ whiteSpace: 'normal' }}>
                <ListItemIcon>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText>{t(label)}</ListItemText>
              </MenuItem>
            )),
          ];
        })}
        <Divider />
        <MenuItem onClick={() => themeMode.set(dark ? 'light' : 'dark')} data-testid="theme-toggle">
          <ListItemIcon>{dark ? <LightModeIcon fontSize="small" /> : <DarkModeIcon fontSize="small" />}</ListItemIcon>
          <ListItemText>{dark ? t('shell.lightTheme') : t('shell.darkTheme')}</ListItemText>
        </MenuItem>
        <Divider />
        {/* 'Sair' stays in view at the menu's foot however long the menu and however small the screen */}
        <MenuItem
          onClick={() => void logout()}
          sx={{ position: 'sticky', bottom: 0, zIndex: 2, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', '&:hover': { backgroundImage: ({ palette }) => `linear-gradient(${palette.action.hover}, ${palette.action.hover})` } }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('shell.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
