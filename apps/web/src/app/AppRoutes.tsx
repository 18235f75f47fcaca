import { Navigate, Route, Routes } from 'react-router';
import { DRIVER_LOGIN_PATH, HOME_PATH, LOGIN_PATH, MAINTENANCE_PATH } from './guard.ts';
import { lazyPage } from './lazyPage.ts';
import { NavigationGuard } from './NavigationGuard.tsx';

// every page is its own chunk; the map engine is only in the shell's
const LoginPage = lazyPage(() => import('../features/auth/LoginPage.tsx'));
const SharePage = lazyPage(() => import('../features/auth/SharePage.tsx'));
const MaintenancePage = lazyPage(() => import('./MaintenancePage.tsx'));
const Shell = lazyPage(() => import('./Shell.tsx'));
const DevicesPanel = lazyPage(() => import('../features/devices/DevicesPanel.tsx'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<NavigationGuard />}>
        <Route path={MAINTENANCE_PATH} element={<MaintenancePage />} />
        <Route path={LOGIN_PATH} element={<LoginPage />} />
        <Route path={DRIVER_LOGIN_PATH} element={<LoginPage driver />} />
        <Route path="/share/:token" element={<SharePage />} />
        <Route element={<Shell />}>
          <Route path={HOME_PATH} element={null} />
          <Route path="/devices" element={<DevicesPanel />} />
        </Route>
        <Route path="*" element={<Navigate to={HOME_PATH} replace />} />
      </Route>
    </Routes>
  );
}
