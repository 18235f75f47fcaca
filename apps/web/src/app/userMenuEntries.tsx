import type { ReactNode } from 'react';
import AccountBoxIcon from '@mui/icons-material/AccountBox';
import BrushIcon from '@mui/icons-material/Brush';
import CalculateIcon from '@mui/icons-material/Calculate';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DnsIcon from '@mui/icons-material/Dns';
import EmailIcon from '@mui/icons-material/Email';
import HandshakeIcon from '@mui/icons-material/Handshake';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PeopleIcon from '@mui/icons-material/People';
import PersonPinIcon from '@mui/icons-material/PersonPin';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import TerminalIcon from '@mui/icons-material/Terminal';
import BuildIcon from '@mui/icons-material/Build';
import AddLinkIcon from '@mui/icons-material/AddLink';
import ShareIcon from '@mui/icons-material/Share';
import { areaAllowed, computedAllowed, mayManageBilling, mayManageUsers, type AccessContext } from './permissions.ts';
import { isSharedUser } from './session.ts';

export interface UserMenuEntry {
  path: string;
  /** Catalog key of the label. */
  label: string;
  icon: ReactNode;
  /** Spec §2 "User menu" and §6: who sees the entry. */
  visible(context: AccessContext): boolean;
}

const admin = ({ user }: AccessContext) => user.administrator;
const adminOnPlus = (context: AccessContext) => context.user.administrator && context.plusLicence;
const notShared = ({ user }: AccessContext) => !isSharedUser(user);

/** Every entry of spec §2; an entry also needs its page to exist before it shows. */
export const USER_MENU_ENTRIES: UserMenuEntry[] = [
  { path: '/account', label: 'shell.account', icon: <AccountBoxIcon fontSize="small" />, visible: notShared },
  { path: '/logs', label: 'shell.logs', icon: <TerminalIcon fontSize="small" />, visible: adminOnPlus },
  { path: '/theme', label: 'shell.theme', icon: <BrushIcon fontSize="small" />, visible: adminOnPlus },
  { path: '/users', label: 'shell.users', icon: <PeopleIcon fontSize="small" />, visible: mayManageUsers },
  { path: '/computed', label: 'shell.computed', icon: <CalculateIcon fontSize="small" />, visible: computedAllowed },
  { path: '/server', label: 'shell.server', icon: <DnsIcon fontSize="small" />, visible: admin },
  { path: '/notifications', label: 'shell.notifications', icon: <NotificationsIcon fontSize="small" />, visible: (c) => areaAllowed('notifications', c) },
  { path: '/drivers', label: 'shell.drivers', icon: <PersonPinIcon fontSize="small" />, visible: (c) => areaAllowed('drivers', c) },
  { path: '/calendars', label: 'shell.calendars', icon: <CalendarMonthIcon fontSize="small" />, visible: (c) => areaAllowed('calendars', c) },
  // /maintenance is the public "server unavailable" page
  { path: '/maintenances', label: 'shell.maintenance', icon: <BuildIcon fontSize="small" />, visible: (c) => areaAllowed('maintenance', c) },
  { path: '/shares', label: 'shell.shares', icon: <ShareIcon fontSize="small" />, visible: (c) => c.plusLicence && notShared(c) },
  { path: '/autolink', label: 'shell.autolink', icon: <AddLinkIcon fontSize="small" />, visible: (c) => notShared(c) && !c.user.readonly && !c.user.deviceReadonly },
  { path: '/integrations/payment', label: 'shell.paymentIntegration', icon: <CreditCardIcon fontSize="small" />, visible: admin },
  { path: '/integrations/email', label: 'shell.emailIntegration', icon: <EmailIcon fontSize="small" />, visible: admin },
  { path: '/invoices', label: 'shell.invoices', icon: <ReceiptLongIcon fontSize="small" />, visible: notShared },
  { path: '/billing', label: 'shell.billing', icon: <RequestQuoteIcon fontSize="small" />, visible: mayManageBilling },
  { path: '/reseller', label: 'shell.reseller', icon: <HandshakeIcon fontSize="small" />, visible: mayManageBilling },
];
