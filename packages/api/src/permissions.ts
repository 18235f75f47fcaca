/**
 * Advanced permissions (spec §6): a user attribute `tarkan.advancedPerms` holding 32 hex digits,
 * read as 128 bits, most significant first (bit 0 is the high bit of the first digit). Each area
 * owns eight bits from its index; the offset within them is the action. The server enforces
 * them when the server attribute `tarkan.enableAdvancedPerms` is on and the licence is plus.
 */
export const PERMISSION_AREAS = {
  devices: 8,
  users: 16,
  /** Anchor and share live together at 24 (anchor = view/create/delete, share = 24 + 1). */
  extras: 24,
  notifications: 32,
  geofences: 40,
  groups: 48,
  commands: 56,
  attributes: 64,
  reports: 72,
  drivers: 80,
  calendars: 88,
  maintenance: 96,
} as const;

export const PERMISSION_ACTIONS = {
  view: 0,
  create: 1,
  edit: 2,
  delete: 3,
  lock: 4,
  unlock: 5,
  command: 6,
  selfEdit: 7,
} as const;

export type PermissionArea = keyof typeof PERMISSION_AREAS;
export type PermissionAction = keyof typeof PERMISSION_ACTIONS;

export const ADVANCED_PERMISSIONS_KEY = 'tarkan.advancedPerms';

export function permissionBit(area: PermissionArea, action: PermissionAction): number {
  return PERMISSION_AREAS[area] + PERMISSION_ACTIONS[action];
}

/** The 128 bits of a stored value; anything that is not 32 hex digits grants nothing. */
export function parsePermissions(value: unknown): boolean[] {
  const bits = new Array<boolean>(128).fill(false);
  if (typeof value !== 'string' || !/^[0-9a-fA-F]{32}$/.test(value)) return bits;
  for (let digit = 0; digit < 32; digit++) {
    const nibble = parseInt(value[digit], 16);
    for (let b = 0; b < 4; b++) bits[digit * 4 + b] = ((nibble >> (3 - b)) & 1) === 1;
  }
  return bits;
}

export function formatPermissions(bits: boolean[]): string {
  let out = '';
  for (let digit = 0; digit < 32; digit++) {
    let nibble = 0;
    for (let b = 0; b < 4; b++) if (bits[digit * 4 + b]) nibble |= 1 << (3 - b);
    out += nibble.toString(16);
  }
  return out;
}

export function hasPermission(value: unknown, area: PermissionArea, action: PermissionAction): boolean {
  return parsePermissions(value)[permissionBit(area, action)];
}

/** Whether a stored value grants anything at all: a user under advanced permissions without a single right. */
export function grantsAnything(value: unknown): boolean {
  return parsePermissions(value).some(Boolean);
}

/**
 * Spec §3 server setting `enableLockUnlock`, kept as the server attribute `tarkan.enableLockUnlock`.
 * The spec gives no default; lock and unlock are the product's own commands (spec §1), so a server
 * that never set the switch keeps them and only an explicit `false` turns them off.
 */
export const LOCK_UNLOCK_KEY = 'tarkan.enableLockUnlock';

/** The engine commands behind the Lock and Unlock controls, with the devices-area bit each needs. */
export const ENGINE_COMMANDS = { engineStop: 'lock', engineResume: 'unlock' } as const satisfies Record<string, PermissionAction>;

export function isEngineCommand(type: string | null | undefined): type is keyof typeof ENGINE_COMMANDS {
  return type === 'engineStop' || type === 'engineResume';
}

export function lockUnlockEnabled(serverAttributes: Record<string, unknown>): boolean {
  const value = serverAttributes[LOCK_UNLOCK_KEY];
  return value !== false && value !== 'false';
}
