import { Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import { Outlet, useLocation } from 'react-router';
import { useDevices, usePositions, useServerInfo } from '../api/queries.ts';
import { EventToasts } from '../features/events/EventToasts.tsx';
import { FleetMap } from '../features/map/FleetMap.tsx';
import { LoadingBar } from '../ui/LoadingBar.tsx';
import { NewVersionBanner } from './NewVersionBanner.tsx';
import { NoRightsNotice } from './NoRightsNotice.tsx';
import { NoticeSnackbar } from './NoticeSnackbar.tsx';
import { HOME_PATH } from '../access/guard.ts';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { isQrDriver, isSharedUser, qrDeviceIdOf, useSessionUser } from '../state/session.ts';
import { SideMenu } from './SideMenu.tsx';
import { TopBar } from './TopBar.tsx';
import { useLiveSync } from '../state/useLiveSync.ts';
import { WhatsAppLink } from './WhatsAppLink.tsx';

/**
 * Signed-in layout: top bar, side menu, and one map that stays mounted across pages while
 * each page renders its panel over it.
 */
export default function Shell() {
  const user = useSessionUser();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const loading = [useServerInfo(), useDevices(), usePositions()].some((query) => query.isPending);
  useLiveSync();

  // the guard only lets signed-in users in; this narrows the type
  if (!user) return null;
  const sideMenu = !isSharedUser(user) && !isQrDriver(user) && qrDeviceIdOf(user) === null;

  return (
    <Box sx={{ height: '100dvh', display: 'flex', flexDirection: 'column' }}>
      {loading && <LoadingBar />}
      <TopBar user={user} onMenu={sideMenu ? () => setMenuOpen(true) : undefined} />
      {sideMenu && <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />}
      <Box component="main" sx={{ flex: 1, position: 'relative', overflow: 'hidden' }}>
        <FleetMap />
        {pathname === HOME_PATH && <WhatsAppLink />}
        {pathname === HOME_PATH && <NoRightsNotice />}
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<LoadingBar />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </Box>
      <EventToasts />
      <NewVersionBanner />
      <NoticeSnackbar />
    </Box>
  );
}
