import { lazyPage } from './lazyPage.ts';

// the shell and the devices pages, apart from the route table so that the guard can preload them too
export const Shell = lazyPage(() => import('./Shell.tsx'));
export const DevicesPanel = lazyPage(() => import('../features/devices/DevicesPanel.tsx'));
export const DevicePage = lazyPage(() => import('../features/devices/DevicePage.tsx'));

/**
 * The shell with the panel of the page being opened (the devices pages, the most opened), loaded
 * together before the first render: a panel asked for only when it renders queues behind the
 * fleet's lists.
 */
export function preloadShell(pathname: string): Promise<void> {
  const panel = pathname === '/devices' ? DevicesPanel : /^\/devices\/[^/]+$/.test(pathname) ? DevicePage : null;
  return Promise.all([Shell.preload(), panel?.preload()]).then(() => undefined);
}
