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
import { isSharedUser } from '../state/session.ts';
import { themeMode, useThemeMode } from '../state/themeMode.ts';
import { menuItems } from './menus.ts';
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
      {/* dense on a desktop: an administrator's 19 entries, 'Sair' last, fit a 768-pixel-high screen
          without scrolling; a phone keeps finger-sized rows */}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close} slotProps={{ list: { dense: !phone } }}>
        {phone && !shared && (
          <ListSubheader sx={{ lineHeight: 1.4, py: 1 }}>
            <Typography variant="subtitle2" noWrap>{user.name}</Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">{user.email}</Typography>
          </ListSubheader>
        )}
        {entries.map(({ to, label, icon: Icon }) => (
          <MenuItem key={to} component={Link} to={to} onClick={close}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t(label)}</ListItemText>
          </MenuItem>
        ))}
        <MenuItem onClick={() => themeMode.set(dark ? 'light' : 'dark')} data-testid="theme-toggle">
          <ListItemIcon>{dark ? <LightModeIcon fontSize="small" /> : <DarkModeIcon fontSize="small" />}</ListItemIcon>
          <ListItemText>{dark ? t('shell.lightTheme') : t('shell.darkTheme')}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => void logout()}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('shell.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
