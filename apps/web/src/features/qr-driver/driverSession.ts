import { useEffect } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { getQrDriverState } from '../../api/qrDriver.ts';
import { DRIVER_LOGIN_PATH } from '../../access/guard.ts';
import { forgetToken } from '../../state/rememberedSession.ts';
import { sessionUser } from '../../state/session.ts';

/** The driver's state; polled, so an automatic check-out (or a session the server ended) shows up. */
export const qrStateQuery = queryOptions({
  queryKey: ['qr-driver'],
  queryFn: getQrDriverState,
  refetchInterval: 30_000,
  refetchOnWindowFocus: true,
  retry: false,
});

/**
 * A 401 means the server ended the session (automatic check-out, QR disabled): back to the
 * driver login, without the remembered token that would sign straight back in.
 */
export function useSessionLost(error: unknown): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const lost = error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (!lost) return;
    forgetToken();
    sessionUser.set(null);
    void navigate(`${DRIVER_LOGIN_PATH}?${new URLSearchParams({ to: pathname })}`, { replace: true, state: { sessionEnded: true } });
  }, [lost, navigate, pathname]);
}
