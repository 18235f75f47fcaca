import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { HOME_PATH } from './guard.ts';
import { useAccessContext, type AccessContext } from './permissions.ts';

/** A page only for some users (spec §6): others typing its address are sent to the map. */
export function RequireAccess({ allowed, children }: { allowed: (context: AccessContext) => boolean; children: ReactNode }) {
  const context = useAccessContext();
  if (!context) return null;
  return allowed(context) ? children : <Navigate to={HOME_PATH} replace />;
}
