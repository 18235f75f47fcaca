/**
 * Navigation guard decisions (spec §2 "Navigation guard"), kept free of I/O so they can be tested.
 * A target is a pathname plus its search string, e.g. `/devices?expand=true`.
 */

export const HOME_PATH = '/home';
export const LOGIN_PATH = '/login';
export const DRIVER_LOGIN_PATH = '/motorista';
/** The QR driver's own screen, where a driver lands after signing in. */
export const QR_DRIVER_PATH = '/qr-driver';
export const MAINTENANCE_PATH = '/maintenance';
/** The lost-password e-mail's link (?token=…). */
export const RESET_PASSWORD_PATH = '/reset-password';

const SHARE_PATH = /^\/share\/[^/]+\/?$/;
const DRIVER_PATH = /^\/qr-driver(?:\/|$)/;

/** Pages reachable without a session: login, driver login, password reset, share links and maintenance. */
export function isPublicPath(pathname: string): boolean {
  return (
    pathname === LOGIN_PATH ||
    pathname === DRIVER_LOGIN_PATH ||
    pathname === MAINTENANCE_PATH ||
    pathname === RESET_PASSWORD_PATH ||
    SHARE_PATH.test(pathname)
  );
}

export function isDriverPath(pathname: string): boolean {
  return DRIVER_PATH.test(pathname);
}

export type GuardDecision =
  /** Render the page; server info loads in the background. */
  | { action: 'pass' }
  /** Load server info, check the session, load user data; devices only for pages with the map. */
  | { action: 'authenticate'; loadDevices: boolean };

export function decideNavigation(pathname: string, loggedIn: boolean): GuardDecision {
  if (loggedIn || isPublicPath(pathname)) return { action: 'pass' };
  return { action: 'authenticate', loadDevices: !isDriverPath(pathname) };
}

export type AuthOutcome = 'authenticated' | 'server-unavailable' | 'no-session';

/** Where the guard sends the user after authenticating for `target`; null means stay. */
export function redirectAfter(outcome: AuthOutcome, pathname: string, search: string): string | null {
  switch (outcome) {
    case 'authenticated':
      return null;
    case 'server-unavailable':
      return MAINTENANCE_PATH;
    case 'no-session': {
      const login = isDriverPath(pathname) ? DRIVER_LOGIN_PATH : LOGIN_PATH;
      return `${login}?${new URLSearchParams({ to: pathname + search })}`;
    }
  }
}

/**
 * The `to` return path of a login page, default /home (a driver's: /qr-driver). Only same-site
 * paths are honoured, so a crafted link cannot send a user elsewhere after signing in.
 */
export function returnPath(search: string, fallback: string = HOME_PATH): string {
  const to = new URLSearchParams(search).get('to');
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  return to;
}
