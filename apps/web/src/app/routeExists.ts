import { matchRoutes } from 'react-router';
import { appRoutes } from './AppRoutes.tsx';

/** Whether a page answers `path`, rather than the catch-all that sends unknown paths home. */
export function routeExists(path: string): boolean {
  const matches = matchRoutes(appRoutes, path);
  return matches !== null && matches[matches.length - 1]?.route.path !== '*';
}
