import type { Kysely } from 'kysely';
import { DELETED_UNIQUE_ID_PATTERN } from '../domain/deleted-device.ts';
import type { Database } from './schema.ts';

/**
 * Who sees what, following Traccar: objects linked to the user directly, plus for devices
 * and groups everything reached through the user's groups (that group and its descendants).
 * Traccar walks the group tree three levels deep; we walk it fully, guarding against cycles.
 */
export async function visibleGroupIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const direct = await db.selectFrom('tc_user_group').select('groupId').where('userId', '=', userId).execute();
  if (direct.length === 0) return [];
  const all = await db.selectFrom('tc_groups').select(['id', 'groupId']).execute();
  return expandGroups(direct.map((r) => r.groupId), all);
}

/** The given groups and all their descendants. */
export function expandGroups(roots: number[], groups: { id: number; groupId: number | null }[]): number[] {
  const children = new Map<number, number[]>();
  for (const g of groups) {
    if (g.groupId === null) continue;
    const list = children.get(g.groupId) ?? [];
    list.push(g.id);
    children.set(g.groupId, list);
  }
  const seen = new Set<number>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...seen];
}

export async function visibleDeviceIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  return [...(await deviceVisibility(db, userId)).devices];
}

/** What a user sees of the fleet, with why: linked devices, linked groups and their descendants. */
export interface DeviceVisibility {
  /** Devices linked to the user. */
  direct: Set<number>;
  /** Groups linked to the user. */
  roots: Set<number>;
  /** Those groups and their descendants. */
  groups: Set<number>;
  /** Linked devices and the devices in those groups. */
  devices: Set<number>;
}

export async function deviceVisibility(db: Kysely<Database>, userId: number): Promise<DeviceVisibility> {
  const [direct, roots] = await Promise.all([
    // a soft-deleted device is hidden from everyone, its links kept for a restore
    db.selectFrom('tc_user_device').innerJoin('tc_devices', 'tc_devices.id', 'tc_user_device.deviceId').select('deviceId')
      .where('userId', '=', userId).where('tc_devices.uniqueId', 'not like', DELETED_UNIQUE_ID_PATTERN).execute(),
    db.selectFrom('tc_user_group').select('groupId').where('userId', '=', userId).execute(),
  ]);
  const groups = roots.length ? expandGroups(roots.map((r) => r.groupId), await db.selectFrom('tc_groups').select(['id', 'groupId']).execute()) : [];
  const devices = new Set(direct.map((r) => r.deviceId));
  if (groups.length) {
    const viaGroups = await db.selectFrom('tc_devices').select('id').where('groupId', 'in', groups).where('uniqueId', 'not like', DELETED_UNIQUE_ID_PATTERN).execute();
    for (const r of viaGroups) devices.add(r.id);
  }
  return { direct: new Set(direct.map((r) => r.deviceId)), roots: new Set(roots.map((r) => r.groupId)), groups: new Set(groups), devices };
}

export async function managedUserIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('tc_user_user').select('managedUserId').where('userId', '=', userId).execute();
  return rows.map((r) => r.managedUserId);
}

/** Users who see a device: directly, or through a group on its group chain. */
export async function deviceViewerIds(db: Kysely<Database>, deviceId: number): Promise<number[]> {
  const device = await db.selectFrom('tc_devices').select('groupId').where('id', '=', deviceId).where('uniqueId', 'not like', DELETED_UNIQUE_ID_PATTERN).executeTakeFirst();
  if (!device) return [];
  const ids = new Set<number>();
  for (const r of await db.selectFrom('tc_user_device').select('userId').where('deviceId', '=', deviceId).execute()) ids.add(r.userId);
  if (device.groupId !== null) {
    const groups = await db.selectFrom('tc_groups').select(['id', 'groupId']).execute();
    const parent = new Map(groups.map((g) => [g.id, g.groupId]));
    const chain: number[] = [];
    for (let g: number | null | undefined = device.groupId; g != null && !chain.includes(g); g = parent.get(g)) chain.push(g);
    const rows = await db.selectFrom('tc_user_group').select('userId').where('groupId', 'in', chain).execute();
    for (const r of rows) ids.add(r.userId);
  }
  return [...ids];
}
