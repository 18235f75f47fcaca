import type { ComponentType } from 'react';
import { Route } from 'react-router';
import { lazyPage } from './lazyPage.ts';
import { areaAllowed, computedAllowed, mayManageBilling, mayManageUsers, type AccessContext } from './permissions.ts';
import { RequireAccess } from './RequireAccess.tsx';
import { isSharedUser } from './session.ts';

// the management screens of spec §2, each its own chunk
const GeofencesPage = lazyPage(() => import('../features/geofences/GeofencesPage.tsx'));
const GroupsPage = lazyPage(() => import('../features/groups/GroupsPage.tsx'));
const CommandsPage = lazyPage(() => import('../features/commands/CommandsPage.tsx'));
const ComputedPage = lazyPage(() => import('../features/computed/ComputedPage.tsx'));
const NotificationsPage = lazyPage(() => import('../features/notifications/NotificationsPage.tsx'));
const DriversPage = lazyPage(() => import('../features/drivers/DriversPage.tsx'));
const CalendarsPage = lazyPage(() => import('../features/calendars/CalendarsPage.tsx'));
const MaintenancePage = lazyPage(() => import('../features/maintenance/MaintenancePage.tsx'));
const UsersPage = lazyPage(() => import('../features/users/UsersPage.tsx'));
const ServerPage = lazyPage(() => import('../features/server/ServerPage.tsx'));
const AccountPage = lazyPage(() => import('../features/account/AccountPage.tsx'));
const LogsPage = lazyPage(() => import('../features/logs/LogsPage.tsx'));
const ThemePage = lazyPage(() => import('../features/theme/ThemePage.tsx'));
const IntegrationsPage = lazyPage(() => import('../features/integrations/IntegrationsPage.tsx'));
const SharesPage = lazyPage(() => import('../features/shares/SharesPage.tsx'));
const AutolinkPage = lazyPage(() => import('../features/autolink/AutolinkPage.tsx'));
const LinksPage = lazyPage(() => import('../features/links/LinksPage.tsx'));
const InvoicesPage = lazyPage(() => import('../features/billing/InvoicesPage.tsx'));
const BillingPage = lazyPage(() => import('../features/billing/BillingPage.tsx'));
const ResellerPage = lazyPage(() => import('../features/billing/ResellerPage.tsx'));

const admin = ({ user }: AccessContext) => user.administrator;
const adminOnPlus = (context: AccessContext) => context.user.administrator && context.plusLicence;
const notShared = ({ user }: AccessContext) => !isSharedUser(user);
const area = (name: Parameters<typeof areaAllowed>[0]) => (context: AccessContext) => areaAllowed(name, context);

/** [path, who may open it, page] — spec §2 routes and user-menu dialogs, §6 access. */
const ROUTES: [string, (context: AccessContext) => boolean, ComponentType][] = [
  ['/geofence', area('geofences'), GeofencesPage],
  ['/groups', area('groups'), GroupsPage],
  ['/commands', area('commands'), CommandsPage],
  ['/computed', computedAllowed, ComputedPage],
  ['/notifications', area('notifications'), NotificationsPage],
  ['/drivers', area('drivers'), DriversPage],
  ['/calendars', area('calendars'), CalendarsPage],
  ['/maintenances', area('maintenance'), MaintenancePage],
  ['/users', mayManageUsers, UsersPage],
  ['/server', admin, ServerPage],
  ['/account', notShared, AccountPage],
  ['/logs', adminOnPlus, LogsPage],
  ['/theme', adminOnPlus, ThemePage],
  ['/integrations/:key', admin, IntegrationsPage],
  ['/shares', (c) => c.plusLicence && notShared(c), SharesPage],
  ['/autolink', (c) => notShared(c) && !c.user.deviceReadonly && !c.user.readonly, AutolinkPage],
  ['/autolink/:id', (c) => notShared(c) && !c.user.deviceReadonly && !c.user.readonly, AutolinkPage],
  ['/links/:kind/:id', notShared, LinksPage],
  ['/invoices', notShared, InvoicesPage],
  ['/billing', mayManageBilling, BillingPage],
  ['/reseller', mayManageBilling, ResellerPage],
];

export const managementRoutes = ROUTES.map(([path, allowed, Page]) => (
  <Route
    key={path}
    path={path}
    element={
      <RequireAccess allowed={allowed}>
        <Page />
      </RequireAccess>
    }
  />
));
