import { ADVANCED_PERMISSIONS_KEY, hasPermission, type Attributes, type PermissionAction, type PermissionArea, type User } from '@rastro/api';
import { useServerInfo } from '../api/queries.ts';
import { isQrDriver, isSharedUser, useSessionUser } from '../state/session.ts';

export interface AccessContext {
  user: User;
  serverAttributes: Attributes;
  plusLicence: boolean;
}

/** Advanced permissions apply only on a plus licence with the server option on. */
export function advancedPermissionsOn({ serverAttributes, plusLicence }: Omit<AccessContext, 'user'>): boolean {
  return plusLicence && serverAttributes['tarkan.enableAdvancedPerms'] === true;
}

/**
 * Spec §6: administrators always; drivers and share-link users never; with advanced permissions
 * the user's bit for the action in the area; otherwise everyone else.
 */
export function areaAllowed(area: PermissionArea, context: AccessContext, action: PermissionAction = 'view'): boolean {
  const { user } = context;
  if (user.administrator) return true;
  if (isQrDriver(user) || isSharedUser(user)) return false;
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
  return { user, serverAttributes: info.server.attributes, plusLicence: isPlusLicence(info.licenseMode) };
}
