import { Navigate, Route, createRoutesFromElements, useRoutes } from 'react-router';
import { DRIVER_LOGIN_PATH, HOME_PATH, LOGIN_PATH, MAINTENANCE_PATH, QR_DRIVER_PATH, RESET_PASSWORD_PATH } from './guard.ts';
import { lazyPage } from './lazyPage.ts';
import { managementRoutes } from './managementRoutes.tsx';
import { NavigationGuard } from './NavigationGuard.tsx';
import { DevicePage, DevicesPanel, Shell } from './shellPages.ts';

// every page is its own chunk; the map engine is only in the shell's
const LoginPage = lazyPage(() => import('../features/auth/LoginPage.tsx'));
const SharePage = lazyPage(() => import('../features/auth/SharePage.tsx'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage.tsx'));
const MaintenancePage = lazyPage(() => import('./MaintenancePage.tsx'));
const QrDriverPage = lazyPage(() => import('../features/qr-driver/QrDriverPage.tsx'));
const QrScanPage = lazyPage(() => import('../features/qr-driver/QrScanPage.tsx'));
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
        <Route path={RESET_PASSWORD_PATH} element={<ResetPasswordPage />} />
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
