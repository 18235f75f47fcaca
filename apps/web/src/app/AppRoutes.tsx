import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { HOME_PATH } from '../access/guard.ts';
import { RequireAccess } from '../access/RequireAccess.tsx';
import { NavigationGuard } from './NavigationGuard.tsx';
import { PAGES, type Page } from './pages.tsx';
import { Shell } from './shellPages.ts';

function route({ path, page, allowed }: Page): RouteObject {
  return { path, element: allowed ? <RequireAccess allowed={allowed}>{page}</RequireAccess> : page };
}

/** The route tree, made from the page table: the bare pages, the shell's pages, and home for any other address. */
const appRoutes: RouteObject[] = [
  {
    element: <NavigationGuard />,
    children: [
      ...PAGES.filter((page) => page.bare).map(route),
      { element: <Shell />, children: PAGES.filter((page) => !page.bare).map(route) },
      { path: '*', element: <Navigate to={HOME_PATH} replace /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(appRoutes);
}
