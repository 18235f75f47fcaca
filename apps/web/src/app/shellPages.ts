import { lazyPage } from './lazyPage.ts';
import { DevicePage, DevicesPanel } from './pages.tsx';

// the shell, apart from the page table (its menus read the table) so that the guard can preload it too
export const Shell = lazyPage(() => import('./Shell.tsx'));

/**
 * The shell with the panel of the page being opened (the devices pages, the most opened), loaded
 * together before the first render: a panel asked for only when it renders queues behind the
 * fleet's lists.
 */
export function preloadShell(pathname: string): Promise<void> {
  const panel = pathname === '/devices' ? DevicesPanel : /^\/devices\/[^/]+$/.test(pathname) ? DevicePage : null;
  return Promise.all([Shell.preload(), panel?.preload()]).then(() => undefined);
}
