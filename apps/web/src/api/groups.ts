import type { Group } from '@rastro/api';
import { requestJson } from './http.ts';

export function getGroups(): Promise<Group[]> {
  return requestJson<Group[]>('/groups');
}
