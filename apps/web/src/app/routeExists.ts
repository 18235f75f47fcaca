import { matchRoutes } from 'react-router';
import { PAGES } from './pages.tsx';

const routes = PAGES.map(({ path }) => ({ path }));

/** Whether a page answers `path`, rather than the catch-all that sends unknown paths home. */
export function routeExists(path: string): boolean {
  return matchRoutes(routes, path) !== null;
}
