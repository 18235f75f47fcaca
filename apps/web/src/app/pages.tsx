import type { ReactNode } from 'react';
import AccountBoxIcon from '@mui/icons-material/AccountBox';
import AddLinkIcon from '@mui/icons-material/AddLink';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BrushIcon from '@mui/icons-material/Brush';
import BuildIcon from '@mui/icons-material/Build';
import CalculateIcon from '@mui/icons-material/Calculate';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import DnsIcon from '@mui/icons-material/Dns';
import EmailIcon from '@mui/icons-material/Email';
import FenceIcon from '@mui/icons-material/Fence';
import HandshakeIcon from '@mui/icons-material/Handshake';
import MapIcon from '@mui/icons-material/Map';
import NotificationsIcon from '@mui/icons-material/Notifications';
import OutboxIcon from '@mui/icons-material/Outbox';
import PeopleIcon from '@mui/icons-material/People';
import PersonPinIcon from '@mui/icons-material/PersonPin';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import SendIcon from '@mui/icons-material/Send';
import ShareIcon from '@mui/icons-material/Share';
import TerminalIcon from '@mui/icons-material/Terminal';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import type SvgIcon from '@mui/material/SvgIcon';
import { DRIVER_LOGIN_PATH, HOME_PATH, LOGIN_PATH, MAINTENANCE_PATH, QR_DRIVER_PATH, RESET_PASSWORD_PATH } from '../access/guard.ts';
import {
  areaAllowed, computedAllowed, mayCreateDevices, mayManageBilling, mayManageUsers, mayReport, mayShare, type AccessContext,
} from '../access/permissions.ts';
import { isSharedUser } from '../state/session.ts';
import { lazyPage } from './lazyPage.ts';

export type MenuName = 'side' | 'user';

/** The user menu's groups, in the order it shows them: one's own account, the fleet's settings, administration. */
export const MENU_SECTIONS = ['account', 'fleet', 'admin'] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

export type Allowed = (context: AccessContext) => boolean;

export interface MenuEntry {
  /** The menus that offer the page: the side menu and/or the user menu. */
  in: readonly MenuName[];
  /** Catalog key of the label. */
  label: string;
  icon: typeof SvgIcon;
  /** The user menu's group of the entry; the user menu needs one. */
  section?: MenuSection;
  /** The link, where the page's path has parameters. */
  to?: string;
}

/** One page of the app: its route, who may open it and where the menus offer it. */
export interface Page {
  path: string;
  /** What the route renders; null for the map alone. */
  page: ReactNode;
  /**
   * Spec §6: who may open the page, for the route (others typing its address are sent to the map)
   * and the menus alike; absent, everyone the navigation guard lets in.
   */
  allowed?: Allowed;
  /** The menus list their entries in the order of this table. */
  menu?: readonly MenuEntry[];
  /** Rendered without the shell (no top bar, no map): the public pages and the driver's phone screens. */
  bare?: true;
}

// every page is its own chunk; the map engine is only in the shell's
const MaintenancePage = lazyPage(() => import('./MaintenancePage.tsx'));
const LoginPage = lazyPage(() => import('../features/auth/LoginPage.tsx'));
const SharePage = lazyPage(() => import('../features/auth/SharePage.tsx'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage.tsx'));
const QrDriverPage = lazyPage(() => import('../features/qr-driver/QrDriverPage.tsx'));
const QrScanPage = lazyPage(() => import('../features/qr-driver/QrScanPage.tsx'));
/** The devices pages, the most opened: the guard loads the one being opened with the shell (shellPages.ts). */
export const DevicesPanel = lazyPage(() => import('../features/devices/DevicesPanel.tsx'));
export const DevicePage = lazyPage(() => import('../features/devices/DevicePage.tsx'));
// beyond the spec: /home shows the fleet's figures over the map
const FleetOverview = lazyPage(() => import('../features/devices/FleetOverview.tsx'));
const ReportsPage = lazyPage(() => import('../features/reports/ReportsPage.tsx'));
const SummaryReport = lazyPage(() => import('../features/reports/summary/SummaryReport.tsx'));
const TripsReport = lazyPage(() => import('../features/reports/trips/TripsReport.tsx'));
const StopsReport = lazyPage(() => import('../features/reports/stops/StopsReport.tsx'));
const EventsReport = lazyPage(() => import('../features/reports/events/EventsReport.tsx'));
const RouteReport = lazyPage(() => import('../features/reports/route/RouteReport.tsx'));
const GraphicPage = lazyPage(() => import('../features/reports/graphic/GraphicPage.tsx'));
const HistoryPage = lazyPage(() => import('../features/reports/history/HistoryPage.tsx'));
const CombinedReport = lazyPage(() => import('../features/reports/combined/CombinedReport.tsx'));
const GeofencesReport = lazyPage(() => import('../features/reports/geofences/GeofencesReport.tsx'));
const ScheduledReportsPage = lazyPage(() => import('../features/reports/scheduled/ScheduledReportsPage.tsx'));
const GeofencesPage = lazyPage(() => import('../features/geofences/GeofencesPage.tsx'));
const CommandsPage = lazyPage(() => import('../features/commands/CommandsPage.tsx'));
const GroupsPage = lazyPage(() => import('../features/groups/GroupsPage.tsx'));
const AccountPage = lazyPage(() => import('../features/account/AccountPage.tsx'));
const LogsPage = lazyPage(() => import('../features/logs/LogsPage.tsx'));
const ThemePage = lazyPage(() => import('../features/theme/ThemePage.tsx'));
const UsersPage = lazyPage(() => import('../features/users/UsersPage.tsx'));
const ComputedPage = lazyPage(() => import('../features/computed/ComputedPage.tsx'));
const ServerPage = lazyPage(() => import('../features/server/ServerPage.tsx'));
const DeletedDevicesPage = lazyPage(() => import('../features/devices/DeletedDevicesPage.tsx'));
const NotificationsPage = lazyPage(() => import('../features/notifications/NotificationsPage.tsx'));
const DriversPage = lazyPage(() => import('../features/drivers/DriversPage.tsx'));
const CalendarsPage = lazyPage(() => import('../features/calendars/CalendarsPage.tsx'));
const MaintenancesPage = lazyPage(() => import('../features/maintenance/MaintenancePage.tsx'));
const SharesPage = lazyPage(() => import('../features/shares/SharesPage.tsx'));
const AutolinkPage = lazyPage(() => import('../features/autolink/AutolinkPage.tsx'));
const IntegrationsPage = lazyPage(() => import('../features/integrations/IntegrationsPage.tsx'));
const DeliveriesPage = lazyPage(() => import('../features/deliveries/DeliveriesPage.tsx'));
const LinksPage = lazyPage(() => import('../features/links/LinksPage.tsx'));
const InvoicesPage = lazyPage(() => import('../features/billing/InvoicesPage.tsx'));
const BillingPage = lazyPage(() => import('../features/billing/BillingPage.tsx'));
const ResellerPage = lazyPage(() => import('../features/billing/ResellerPage.tsx'));

const admin: Allowed = ({ user }) => user.administrator;
const adminOnPlus: Allowed = (context) => context.user.administrator && context.plusLicence;
const notShared: Allowed = ({ user }) => !isSharedUser(user);
const area = (name: Parameters<typeof areaAllowed>[0]): Allowed => (context) => areaAllowed(name, context);
// autolink adds the devices it links (spec §6 devices.create)
const mayAutolink: Allowed = (context) => notShared(context) && mayCreateDevices(context);

/**
 * Every page of spec §2 with its access rule of §6, feeding the router, the side menu and the user
 * menu. The menus show entries in this order: side menu map … notifications; user menu account …
 * reseller.
 */
export const PAGES: readonly Page[] = [
  { path: MAINTENANCE_PATH, page: <MaintenancePage />, bare: true },
  { path: LOGIN_PATH, page: <LoginPage />, bare: true },
  { path: DRIVER_LOGIN_PATH, page: <LoginPage driver />, bare: true },
  { path: '/share/:token', page: <SharePage />, bare: true },
  { path: RESET_PASSWORD_PATH, page: <ResetPasswordPage />, bare: true },
  // the driver's phone screens: no map, no shell
  { path: QR_DRIVER_PATH, page: <QrDriverPage />, bare: true },
  { path: `${QR_DRIVER_PATH}/scan/:id`, page: <QrScanPage />, bare: true },

  { path: HOME_PATH, page: <FleetOverview />, menu: [{ in: ['side'], label: 'shell.map', icon: MapIcon }] },
  { path: '/devices', page: <DevicesPanel />, menu: [{ in: ['side'], label: 'shell.devices', icon: DirectionsCarIcon }] },
  { path: '/devices/:deviceId', page: <DevicePage /> },
  // every report page reads what the server's report routes refuse without the reports right
  { path: '/reports', page: <ReportsPage />, allowed: mayReport, menu: [{ in: ['side'], label: 'reports.title', icon: AssessmentIcon }] },
  { path: '/reports/resume', page: <SummaryReport />, allowed: mayReport },
  { path: '/reports/travels', page: <TripsReport />, allowed: mayReport },
  { path: '/reports/stops', page: <StopsReport />, allowed: mayReport },
  { path: '/reports/events', page: <EventsReport />, allowed: mayReport },
  { path: '/reports/history', page: <RouteReport />, allowed: mayReport },
  { path: '/reports/graphic', page: <GraphicPage />, allowed: mayReport },
  { path: '/reports/combined', page: <CombinedReport />, allowed: mayReport },
  { path: '/reports/geofences', page: <GeofencesReport />, allowed: mayReport },
  { path: '/reports/scheduled', page: <ScheduledReportsPage />, allowed: mayReport },
  { path: '/history', page: <HistoryPage />, allowed: mayReport },
  { path: '/geofence', page: <GeofencesPage />, allowed: area('geofences'), menu: [{ in: ['side'], label: 'shell.geofences', icon: FenceIcon }] },
  { path: '/commands', page: <CommandsPage />, allowed: area('commands'), menu: [{ in: ['side'], label: 'shell.commands', icon: SendIcon }] },
  { path: '/groups', page: <GroupsPage />, allowed: area('groups'), menu: [{ in: ['side'], label: 'shell.groups', icon: WorkspacesIcon }] },
  { path: '/account', page: <AccountPage />, allowed: notShared, menu: [{ in: ['user'], section: 'account', label: 'shell.account', icon: AccountBoxIcon }] },
  { path: '/logs', page: <LogsPage />, allowed: adminOnPlus, menu: [{ in: ['user'], section: 'admin', label: 'shell.logs', icon: TerminalIcon }] },
  { path: '/theme', page: <ThemePage />, allowed: adminOnPlus, menu: [{ in: ['user'], section: 'admin', label: 'shell.theme', icon: BrushIcon }] },
  { path: '/users', page: <UsersPage />, allowed: mayManageUsers, menu: [{ in: ['user'], section: 'admin', label: 'shell.users', icon: PeopleIcon }] },
  { path: '/computed', page: <ComputedPage />, allowed: computedAllowed, menu: [{ in: ['user'], section: 'fleet', label: 'shell.computed', icon: CalculateIcon }] },
  { path: '/server', page: <ServerPage />, allowed: admin, menu: [{ in: ['user'], section: 'admin', label: 'shell.server', icon: DnsIcon }] },
  // lazy (safe-mode) deletion, spec §3: what it hid, to restore or delete for good
  { path: '/deleted-devices', page: <DeletedDevicesPage />, allowed: admin, menu: [{ in: ['user'], section: 'admin', label: 'shell.deletedDevices', icon: RestoreFromTrashIcon }] },
  {
    path: '/notifications',
    page: <NotificationsPage />,
    allowed: area('notifications'),
    menu: [{ in: ['side', 'user'], section: 'fleet', label: 'shell.notifications', icon: NotificationsIcon }],
  },
  { path: '/drivers', page: <DriversPage />, allowed: area('drivers'), menu: [{ in: ['user'], section: 'fleet', label: 'shell.drivers', icon: PersonPinIcon }] },
  { path: '/calendars', page: <CalendarsPage />, allowed: area('calendars'), menu: [{ in: ['user'], section: 'fleet', label: 'shell.calendars', icon: CalendarMonthIcon }] },
  // /maintenance is the public "server unavailable" page
  { path: '/maintenances', page: <MaintenancesPage />, allowed: area('maintenance'), menu: [{ in: ['user'], section: 'fleet', label: 'shell.maintenance', icon: BuildIcon }] },
  {
    path: '/shares',
    page: <SharesPage />,
    allowed: mayShare,
    menu: [{ in: ['user'], section: 'fleet', label: 'shell.shares', icon: ShareIcon }],
  },
  { path: '/autolink', page: <AutolinkPage />, allowed: mayAutolink, menu: [{ in: ['user'], section: 'fleet', label: 'shell.autolink', icon: AddLinkIcon }] },
  { path: '/autolink/:id', page: <AutolinkPage />, allowed: mayAutolink },
  {
    path: '/integrations/:key',
    page: <IntegrationsPage />,
    allowed: admin,
    menu: [
      { in: ['user'], section: 'admin', label: 'shell.paymentIntegration', icon: CreditCardIcon, to: '/integrations/payment' },
      { in: ['user'], section: 'admin', label: 'shell.emailIntegration', icon: EmailIcon, to: '/integrations/email' },
    ],
  },
  // beyond the spec: what became of every notification sent, on every channel
  { path: '/deliveries', page: <DeliveriesPage />, allowed: admin, menu: [{ in: ['user'], section: 'admin', label: 'deliveries.title', icon: OutboxIcon }] },
  { path: '/links/:kind/:id', page: <LinksPage />, allowed: notShared },
  { path: '/invoices', page: <InvoicesPage />, allowed: notShared, menu: [{ in: ['user'], section: 'account', label: 'shell.invoices', icon: ReceiptLongIcon }] },
  { path: '/billing', page: <BillingPage />, allowed: mayManageBilling, menu: [{ in: ['user'], section: 'admin', label: 'shell.billing', icon: RequestQuoteIcon }] },
  { path: '/reseller', page: <ResellerPage />, allowed: mayManageBilling, menu: [{ in: ['user'], section: 'admin', label: 'shell.reseller', icon: HandshakeIcon }] },
];
