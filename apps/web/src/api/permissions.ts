import type { Permission } from '@rastro/api';
import { requestVoid } from './http.ts';

/** Links two objects, e.g. `{ deviceId, geofenceId }`. */
export function linkObjects(permission: Permission): Promise<void> {
  return requestVoid('/permissions', { method: 'POST', json: permission });
}
