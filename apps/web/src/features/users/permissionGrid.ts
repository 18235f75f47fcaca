import { PERMISSION_AREAS, formatPermissions, parsePermissions, permissionBit, type PermissionAction, type PermissionArea } from '@rastro/api';

/** One row of the advanced-permissions editor: a label key and the bit of each offered action. */
export interface GridRow {
  row: string;
  cells: Partial<Record<PermissionAction, number>>;
}

const CRUD: PermissionAction[] = ['view', 'create', 'edit', 'delete'];
const cells = (area: PermissionArea, actions: PermissionAction[]) =>
  Object.fromEntries(actions.map((action) => [action, permissionBit(area, action)])) as GridRow['cells'];

/**
 * Spec §3 areas × actions. Anchor and share share the `extras` byte: the anchor takes view, create
 * and delete at offsets 0, 2 and 3, the share link its create at offset 1.
 */
export const GRID_ROWS: GridRow[] = [
  { row: 'devices', cells: cells('devices', ['view', 'create', 'edit', 'delete', 'lock', 'unlock', 'command', 'selfEdit']) },
  { row: 'users', cells: cells('users', [...CRUD, 'selfEdit']) },
  { row: 'anchor', cells: { view: PERMISSION_AREAS.extras, create: PERMISSION_AREAS.extras + 2, delete: PERMISSION_AREAS.extras + 3 } },
  { row: 'share', cells: { create: PERMISSION_AREAS.extras + 1 } },
  ...(['notifications', 'geofences', 'groups', 'commands', 'attributes', 'reports', 'drivers', 'calendars', 'maintenance'] as const).map((area) => ({
    row: area,
    cells: cells(area, area === 'reports' ? ['view'] : CRUD),
  })),
];

export const GRID_ACTIONS: PermissionAction[] = ['view', 'create', 'edit', 'delete', 'lock', 'unlock', 'command', 'selfEdit'];

/** The stored value with one bit changed; always 32 hex digits. */
export function toggleBit(value: unknown, bit: number, on: boolean): string {
  const bits = parsePermissions(value);
  bits[bit] = on;
  return formatPermissions(bits);
}

export function bitSet(value: unknown, bit: number): boolean {
  return parsePermissions(value)[bit];
}
