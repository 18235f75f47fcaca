import { Navigate, Route, createRoutesFromElements, useRoutes } from 'react-router';
import { DRIVER_LOGIN_PATH, HOME_PATH, LOGIN_PATH, MAINTENANCE_PATH, QR_DRIVER_PATH } from './guard.ts';
import { lazyPage } from './lazyPage.ts';
import { managementRoutes } from './managementRoutes.tsx';
import { NavigationGuard } from './NavigationGuard.tsx';

// every page is its own chunk; the map engine is only in the shell's
const LoginPage = lazyPage(() => import('../features/auth/LoginPage.tsx'));
const SharePage = lazyPage(() => import('../features/auth/SharePage.tsx'));
const MaintenancePage = lazyPage(() => import('./MaintenancePage.tsx'));
const QrDriverPage = lazyPage(() => import('../features/qr-driver/QrDriverPage.tsx'));
const QrScanPage = lazyPage(() => import('../features/qr-driver/QrScanPage.tsx'));
const Shell = lazyPage(() => import('./Shell.tsx'));
const DevicesPanel = lazyPage(() => import('../features/devices/DevicesPanel.tsx'));
const DevicePage = lazyPage(() => import('../features/devices/DevicePage.tsx'));

/**
 * The shell with the panel of the page being opened (the devices pages, the most opened), loaded
 * together before the first render: a panel asked for only when it renders queues behind the
 * fleet's lists.
 */
export function preloadShell(pathname: string): Promise<void> {
  const panel = pathname === '/devices' ? DevicesPanel : /^\/devices\/[^/]+$/.test(pathname) ? DevicePage : null;
  return Promise.all([Shell.preload(), panel?.preload()]).then(() => undefined);
}
const ReportsPage = lazyPage(() => import('../features/reports/ReportsPage.tsx'));
const SummaryReport = lazyPage(() => import('../features/reports/summary/SummaryReport.tsx'));
const TripsReport = lazyPage(() => import('../features/reports/trips/TripsReport.tsx'));
const StopsReport = lazyPage(() => import('../features/reports/stops/StopsReport.tsx'));
const EventsReport = lazyPage(() => import('../features/reports/events/EventsReport.tsx'));
const RouteReport = lazyPage(() => import('../features/reports/route/RouteReport.tsx'));
const GraphicPage = lazyPage(() => import('../features/reports/graphic/GraphicPage.tsx'));
const HistoryPage = lazyPage(() => import('../features/reports/history/HistoryPage.tsx'));

/** The route tree; `routeExists` reads it, so menus offer only the pages that exist. */
export const appRoutes = createRoutesFromElements(
      <Route element={<NavigationGuard />}>
        <Route path={MAINTENANCE_PATH} element={<MaintenancePage />} />
        <Route path={LOGIN_PATH} element={<LoginPage />} />
        <Route path={DRIVER_LOGIN_PATH} element={<LoginPage driver />} />
        <Route path="/share/:token" element={<SharePage />} />
        {/* the driver's phone screens: no map, no shell */}
        <Route path={QR_DRIVER_PATH} element={<QrDriverPage />} />
        <Route path={`${QR_DRIVER_PATH}/scan/:id`} element={<QrScanPage />} />
        <Route element={<Shell />}>
          <Route path={HOME_PATH} element={null} />
          <Route path="/devices" element={<DevicesPanel />} />
          <Route path="/devices/:deviceId" element={<DevicePage />} />
          <Route path="/reports" element={<ReportsPage />} />
          <Route path="/reports/resume" element={<SummaryReport />} />
          <Route path="/reports/travels" element={<TripsReport />} />
          <Route path="/reports/stops" element={<StopsReport />} />
          <Route path="/reports/events" element={<EventsReport />} />
          <Route path="/reports/history" element={<RouteReport />} />
          <Route path="/reports/graphic" element={<GraphicPage />} />
          <Route path="/history" element={<HistoryPage />} />
          {managementRoutes}
        </Route>
        <Route path="*" element={<Navigate to={HOME_PATH} replace />} />
      </Route>,
);

export function AppRoutes() {
  return useRoutes(appRoutes);
}
