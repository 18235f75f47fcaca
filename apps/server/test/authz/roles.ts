/**
 * The callers of the authorization matrix (issue 14): every role of spec §6 plus the share-link
 * visitor, the QR driver and nobody at all, and the groups of them that Traccar's rules name.
 */
export const ROLES = [
  'administrator', 'manager', 'regular', 'readonly', 'deviceReadonly', 'limitCommands', 'shared', 'qrDriver', 'anonymous',
] as const;
export type Role = (typeof ROLES)[number];

const without = (roles: readonly Role[], ...out: Role[]): Role[] => roles.filter((r) => !out.includes(r));

/** Everyone, signed in or not. */
export const EVERYONE: readonly Role[] = ROLES;
/** Every ordinary account; a QR driver's account is walled off from all but its own screen. */
export const SIGNED_IN: readonly Role[] = without(ROLES, 'qrDriver', 'anonymous');
/** Accounts that change things: not read-only users, not share-link visitors (who are read-only). */
export const WRITERS: readonly Role[] = without(SIGNED_IN, 'readonly', 'shared');
export const DEVICE_WRITERS: readonly Role[] = without(WRITERS, 'deviceReadonly');
export const COMMAND_WRITERS: readonly Role[] = without(WRITERS, 'limitCommands');
/** Share-link visitors get no reports (web.shareDevice.reports is off). */
export const REPORTERS: readonly Role[] = without(SIGNED_IN, 'shared');
/** Traccar lets read-only users share; a temporary user may not share again. */
export const SHARERS: readonly Role[] = without(SIGNED_IN, 'shared');
/** The manager of the matrix is also a reseller, so billing has a non-admin actor. */
export const MANAGERS: readonly Role[] = ['administrator', 'manager'];
export const ADMIN: readonly Role[] = ['administrator'];
/** Accounts with objects of their own; they also see the device and group both tenants share. */
export const OWNERS: readonly Role[] = ['administrator', 'manager', 'regular', 'readonly', 'deviceReadonly', 'limitCommands'];
export const QR_DRIVER: readonly Role[] = ['qrDriver'];
