import type { PermissionArea } from '@rastro/api';
import { useServerInfo } from '../api/queries.ts';
import { areaAllowed, useAccessContext, type AccessContext } from './permissions.ts';

export type EntityAction = 'view' | 'create' | 'edit' | 'delete';

/**
 * Spec §6 for the management screens: what a signed-in user may do in an area. The server
 * enforces the same rules; this only keeps the UI from offering what would be refused.
 */
export function can(context: AccessContext & { serverReadonly: boolean }, area: PermissionArea, action: EntityAction): boolean {
  // administrators, drivers, share-link users and the advanced-permission bits
  if (!areaAllowed(area, context, action)) return false;
  const { user } = context;
  if (user.administrator) return true;
  // computed attributes are administrator-only on the server (as Traccar)
  if (area === 'attributes' && action !== 'view') return false;
  if (action !== 'view') {
    if (user.readonly || context.serverReadonly) return false;
    // saved commands are written by nobody under limitCommands, the user's or the server's (the server refuses them)
    if (area === 'commands' && (user.limitCommands || context.server?.limitCommands === true)) return false;
  }
  return true;
}

function useCanContext() {
  const access = useAccessContext();
  const serverReadonly = useServerInfo().data?.server.readonly === true;
  return access && { ...access, serverReadonly };
}

/** `can` for the signed-in user; false until the session and server info are known. */
export function useCan(area: PermissionArea, action: EntityAction): boolean {
  const context = useCanContext();
  return context !== null && can(context, area, action);
}

/** The four actions of one area at once, for a list with add, edit and delete buttons. */
export function useAreaActions(area: PermissionArea): Record<EntityAction, boolean> {
  const context = useCanContext();
  const allowed = (action: EntityAction) => context !== null && can(context, area, action);
  return { view: allowed('view'), create: allowed('create'), edit: allowed('edit'), delete: allowed('delete') };
}

/** Administrators on a plus licence: logs and theme (spec §6). */
export function useAdminOnPlus(): boolean {
  const context = useAccessContext();
  return context !== null && context.user.administrator && context.plusLicence;
}
