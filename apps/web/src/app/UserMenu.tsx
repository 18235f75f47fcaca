import { useState } from 'react';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { User } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { logout } from './logout.ts';
import { isSharedUser } from './session.ts';
import { ShareCountdown } from './ShareCountdown.tsx';

/** The user's name (a countdown for share-link users) opening the account menu. */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const shared = isSharedUser(user) && user.expirationTime !== null;

  return (
    <>
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
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
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
