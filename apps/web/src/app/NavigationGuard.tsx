import { Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useServerInfo } from '../api/queries.ts';
import { LoadingBar } from '../ui/LoadingBar.tsx';
import { authenticate } from '../access/authenticate.ts';
import { QR_DRIVER_PATH, decideNavigation, isDriverPath, isPublicPath, redirectAfter, type AuthOutcome } from '../access/guard.ts';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { isQrDriver, qrDeviceIdOf, useSessionUser } from '../state/session.ts';
import { preloadShell } from './shellPages.ts';

/** One authentication at a time: a re-run effect (React strict mode, quick navigation) joins the running one. */
let running: Promise<AuthOutcome> | null = null;

function authenticateOnce(...args: Parameters<typeof authenticate>): Promise<AuthOutcome> {
  running ??= authenticate(...args).finally(() => {
    running = null;
  });
  return running;
}

/** Where a QR device login lands and stays: its vehicle's details. */
const qrDevicePath = (deviceId: number) => `/devices/${deviceId}`;

/** Root route: applies the navigation guard, then renders the page. */
export function NavigationGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const decision = decideNavigation(location.pathname, user !== null);
  const loadDevices = decision.action === 'authenticate' && decision.loadDevices;
  // passing pages get the server info in the background; the guard fetches it itself otherwise
  useServerInfo();

  useEffect(() => {
    if (decision.action !== 'authenticate') return;
    const { pathname, search } = location;
    // the map's code downloads while the session is checked, not after
    const code = loadDevices ? preloadShell(pathname) : undefined;
    let current = true;
    void authenticateOnce(queryClient, loadDevices, code).then((outcome) => {
      const target = redirectAfter(outcome, pathname, search);
      if (current && target) void navigate(target, { replace: true, state: { from: pathname + search } });
    });
    return () => {
      current = false;
    };
  }, [decision.action, loadDevices, location, navigate, queryClient]);

  if (decision.action === 'authenticate') return <LoadingBar />;
  // a QR driver has nothing but the check-in screen (spec §6); the server refuses the rest anyway
  if (isQrDriver(user) && !isDriverPath(location.pathname) && !isPublicPath(location.pathname)) return <Navigate to={QR_DRIVER_PATH} replace />;
  // a QR device login has its vehicle's page and nothing else (spec §3 tarkan.isQrDeviceId)
  const vehicle = qrDeviceIdOf(user);
  if (vehicle !== null && location.pathname !== qrDevicePath(vehicle) && !isPublicPath(location.pathname)) return <Navigate to={qrDevicePath(vehicle)} replace />;
  return (
    <PageErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<LoadingBar />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}
