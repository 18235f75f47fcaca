import type { Permission } from '@rastro/api';
import { requestVoid } from './http.ts';

export function unlinkObjects(permission: Permission): Promise<void> {
  return requestVoid('/permissions', { method: 'DELETE', json: permission });
}
