import {
  ADVANCED_PERMISSIONS_KEY, grantsAnything, hasPermission, type Attributes, type PermissionAction, type PermissionArea, type Server, type User,
} from '@rastro/api';
import { useServerInfo } from '../api/queries.ts';
import { isQrDriver, isSharedUser, qrDeviceIdOf, useSessionUser } from '../state/session.ts';

/** The server's account-wide switches (Traccar's server columns), which bind every non-administrator. */
export type ServerRules = Pick<Server, 'readonly' | 'deviceReadonly' | 'limitCommands' | 'disableReports'>;

export interface AccessContext {
  user: User;
  serverAttributes: Attributes;
  plusLicence: boolean;
  /** The server's switches; a context made without them (tests of the bits alone) has them all off. */
  server?: ServerRules;
}

/** Advanced permissions apply only on a plus licence with the server option on. */
export function advancedPermissionsOn({ serverAttributes, plusLicence }: Omit<AccessContext, 'user'>): boolean {
  return plusLicence && serverAttributes['tarkan.enableAdvancedPerms'] === true;
}

/**
 * Spec §6: administrators always; drivers, QR device logins and share-link users never; with
 * advanced permissions the user's bit for the action in the area; otherwise everyone else.
 */
export function areaAllowed(area: PermissionArea, context: AccessContext, action: PermissionAction = 'view'): boolean {
  const { user } = context;
  if (user.administrator) return true;
  if (isQrDriver(user) || isSharedUser(user) || qrDeviceIdOf(user) !== null) return false;
  if (advancedPermissionsOn(context)) return hasPermission(user.attributes[ADVANCED_PERMISSIONS_KEY], area, action);
  return true;
}

/**
 * Computed attributes: the server keeps them to administrators as Traccar does, unless advanced
 * permissions grant the area, so the screen is offered only where saving can succeed.
 */
export function computedAllowed(context: AccessContext): boolean {
  return context.user.administrator || (advancedPermissionsOn(context) && areaAllowed('attributes', context));
}

/** Spec §6: the users list is for administrators and users who may manage others (userLimit -1 or above 0). */
export function mayManageUsers(context: AccessContext): boolean {
  const { user } = context;
  return user.administrator || ((user.userLimit === -1 || user.userLimit > 0) && areaAllowed('users', context));
}

/**
 * Spec §6 reports — the /reports pages, the history playback and a device's routes and chart,
 * all position history — as the server's report routes check them: not for drivers, nor with
 * Traccar's disableReports (the user's or the server's), and with advanced permissions the
 * reports bit. A share link reports when its sharer allowed it (its disableReports says so).
 */
export function mayReport(context: AccessContext): boolean {
  const { user } = context;
  if (user.administrator) return true;
  if (isQrDriver(user) || user.disableReports || context.server?.disableReports === true) return false;
  return !advancedPermissionsOn(context) || hasPermission(user.attributes[ADVANCED_PERMISSIONS_KEY], 'reports', 'view');
}

/**
 * Temporary share links (the /shares page and a device's Share): a plus-licence feature, with the
 * share bit of advanced permissions (@rastro/api keeps it one above anchor, `extras` + create), not
 * for share-link users themselves, nor on a server with Traccar's `disableShare`.
 */
export function mayShare(context: AccessContext): boolean {
  return context.plusLicence && !context.user.temporary && context.serverAttributes.disableShare !== true && areaAllowed('extras', context, 'create');
}

/**
 * Spec §8 ACCOUNT_IS_READONLY and ACCOUNT_IS_DEVICE_READONLY: the account-wide refusal the user
 * is under (his own flag or the server's), null when none. Share links and drivers are read-only
 * by nature and are offered no writes, so they are not told.
 */
export function accountRestriction(context: AccessContext): 'ACCOUNT_IS_READONLY' | 'ACCOUNT_IS_DEVICE_READONLY' | null {
  const { user, server } = context;
  if (user.administrator || isSharedUser(user) || isQrDriver(user) || qrDeviceIdOf(user) !== null) return null;
  if (user.readonly || server?.readonly === true) return 'ACCOUNT_IS_READONLY';
  if (user.deviceReadonly || server?.deviceReadonly === true) return 'ACCOUNT_IS_DEVICE_READONLY';
  return null;
}

/** Adding devices (by the form or autolink), as the server checks it; spec §5's limit is checked on saving. */
export function mayCreateDevices(context: AccessContext): boolean {
  return accountRestriction(context) === null && areaAllowed('devices', context, 'create');
}

/** Spec §6: a user under advanced permissions who holds no right at all, told so rather than left before an empty app. */
export function hasNoRights(context: AccessContext): boolean {
  const { user } = context;
  if (user.administrator || isSharedUser(user) || isQrDriver(user) || qrDeviceIdOf(user) !== null || !advancedPermissionsOn(context)) return false;
  return !grantsAnything(user.attributes[ADVANCED_PERMISSIONS_KEY]);
}

/** Spec §6 billing actions and the /billing and /reseller screens: administrators and resellers. */
export function mayManageBilling({ user }: AccessContext): boolean {
  return user.administrator || user.attributes.reseller === true;
}

export function isPlusLicence(licenseMode: string | null | undefined): boolean {
  return licenseMode?.trim().toLowerCase() === 'plus';
}

/** The signed-in user's access facts, null before the session and the server info are known. */
export function useAccessContext(): AccessContext | null {
  const user = useSessionUser();
  const info = useServerInfo().data;
  if (!user || !info) return null;
  return { user, serverAttributes: info.server.attributes, plusLicence: isPlusLicence(info.licenseMode), server: info.server };
}
