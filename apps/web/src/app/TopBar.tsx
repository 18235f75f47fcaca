import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import type { User } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { Brand } from './Brand.tsx';
import { PushToggle } from '../features/push/PushToggle.tsx';
import { MuteToggle } from './MuteToggle.tsx';
import { UserMenu } from './UserMenu.tsx';

interface TopBarProps {
  user: User;
  /** Absent for users without the side menu. */
  onMenu?: () => void;
}

export function TopBar({ user, onMenu }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <AppBar position="static" elevation={2} sx={{ zIndex: (theme) => theme.zIndex.appBar }}>
      <Toolbar variant="dense" sx={{ gap: 0.5, px: { xs: 1, sm: 2 } }}>
        {onMenu && (
          <IconButton color="inherit" edge="start" aria-label={t('shell.menu')} onClick={onMenu}>
            <MenuIcon />
          </IconButton>
        )}
        <Brand />
        <Box sx={{ flex: 1 }} />
        <MuteToggle />
        <PushToggle user={user} />
        <UserMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}
