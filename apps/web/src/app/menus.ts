import type { AccessContext } from '../access/permissions.ts';
import { qrDeviceIdOf } from '../state/session.ts';
import { PAGES, type MenuEntry, type MenuName, type MenuSection } from './pages.tsx';
import { routeExists } from './routeExists.ts';

export interface MenuItem {
  to: string;
  /** Catalog key of the label. */
  label: string;
  icon: MenuEntry['icon'];
  section?: MenuSection;
}

/**
 * The entries of one menu for the signed-in user (spec §2 and §6): a page with an access rule shows
 * once the access facts are known and allow it, and only where an address answers.
 */
export function menuItems(menu: MenuName, access: AccessContext | null): MenuItem[] {
  // a QR device login has its vehicle's page only: no page to offer
  if (access && qrDeviceIdOf(access.user) !== null) return [];
  const holds = (rule: ((context: AccessContext) => boolean) | undefined) => !rule || (access !== null && rule(access));
  return PAGES.flatMap((page) =>
    holds(page.allowed)
      ? (page.menu ?? [])
          .filter((entry) => entry.in.includes(menu) && routeExists(entry.to ?? page.path))
          .map((entry) => ({ to: entry.to ?? page.path, label: entry.label, icon: entry.icon, section: entry.section }))
      : [],
  );
}
