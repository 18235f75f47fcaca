import { ADVANCED_PERMISSIONS_KEY, hasPermission, type PermissionAction, type PermissionArea } from '@rastro/api';
import type { Kysely } from 'kysely';
import { attrs } from '../db/mappers.ts';
import { managedUserIds, visibleDeviceIds, visibleGroupIds } from '../db/access.ts';
import { userHasLink } from '../db/repositories/links.ts';
import type { Database } from '../db/schema.ts';
import type { ServerSettings } from '../db/server-settings.ts';
import type { UserRow } from '../db/users.ts';
import { isDeletedUniqueId } from '../domain/deleted-device.ts';
import { ClientError, accessDenied, notFound } from '../domain/errors.ts';

/**
 * Server-side permission checks with Traccar's rules and messages (spec §6, notes §c).
 * Administrators pass every check but one: a soft-deleted device is gone for them too. Access
 * problems are 400, as in Traccar.
 */
export class Guards {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: ServerSettings,
    private readonly licenseMode: string,
    /** The device registry's cached rows: whether a device is soft-deleted costs no query. */
    private readonly devices: { get: (deviceId: number) => Promise<{ uniqueId: string } | null> },
  ) {}

  /**
   * Advanced permissions (spec §6): with the server option on and a plus licence, a non-admin
   * needs the bit of the area and action; QR drivers never pass. Shared users never change
   * anything, whatever the option.
   */
  async checkAdvanced(user: UserRow, area: PermissionArea, action: PermissionAction): Promise<void> {
    if (user.administrator) return;
    const attributes = attrs(user.attributes);
    if (attributes.isShared === true && action !== 'view') throw new ClientError('Operation restricted');
    if (!(await this.advancedOn())) return;
    if (!grants(attributes, area, action)) throw new ClientError('Operation restricted');
  }

  /**
   * Whether advanced permissions explicitly grant a non-admin an action that Traccar keeps for
   * administrators (computed attributes): the option must be on and the user's bit set.
   */
  async grantsAdminArea(user: UserRow, area: PermissionArea, action: PermissionAction): Promise<boolean> {
    if (user.administrator) return true;
    const attributes = attrs(user.attributes);
    if (attributes.isShared === true) return false;
    return (await this.advancedOn()) && grants(attributes, area, action);
  }

  /** Advanced permissions apply only on a plus licence with the server option on. */
  private async advancedOn(): Promise<boolean> {
    if (this.licenseMode !== 'plus') return false;
    return attrs((await this.settings.get()).attributes)['tarkan.enableAdvancedPerms'] === true;
  }

  isManager(user: UserRow): boolean {
    return Boolean(user.administrator) || user.userLimit !== 0;
  }

  checkAdmin(user: UserRow): void {
    if (!user.administrator) throw new ClientError('Administrator access required');
  }

  checkManager(user: UserRow): void {
    if (!this.isManager(user)) throw new ClientError('Manager access required');
  }

  async checkReadonly(user: UserRow): Promise<void> {
    if (user.administrator) return;
    if (user.readonly || (await this.settings.get()).readonly) throw new ClientError('Write access denied');
  }

  async checkDeviceReadonly(user: UserRow): Promise<void> {
    if (user.administrator) return;
    await this.checkReadonly(user);
    if (user.deviceReadonly || (await this.settings.get()).deviceReadonly) throw new ClientError('Write access denied');
  }

  /** Traccar's remove of a device: the caller may write and edit devices, sees it, and, under advanced permissions, may delete devices. */
  async checkRemoveDevice(user: UserRow, id: number): Promise<void> {
    await this.checkDeviceReadonly(user);
    await this.checkDevice(user, id);
    await this.checkAdvanced(user, 'devices', 'delete');
  }

  /** Traccar's remove of a group: the caller may write, sees it, and, under advanced permissions, may delete groups. */
  async checkRemoveGroup(user: UserRow, id: number): Promise<void> {
    await this.checkReadonly(user);
    await this.checkGroup(user, id);
    await this.checkAdvanced(user, 'groups', 'delete');
  }

  async deviceIds(user: UserRow): Promise<number[]> {
    return visibleDeviceIds(this.db, user.id);
  }

  /**
   * The caller sees the device. A soft-deleted device is hidden from everyone (spec §3): others are
   * refused it as any device not theirs, an administrator gets Traccar's answer to one that is gone.
   */
  async checkDevice(user: UserRow, deviceId: number): Promise<void> {
    if (!user.administrator) {
      if (!(await this.deviceIds(user)).includes(deviceId)) throw accessDenied('Device');
      return;
    }
    const row = await this.devices.get(deviceId);
    if (row && isDeletedUniqueId(row.uniqueId)) throw notFound('Device');
  }

  async checkGroup(user: UserRow, groupId: number): Promise<void> {
    if (user.administrator) return;
    if (!(await visibleGroupIds(this.db, user.id)).includes(groupId)) throw accessDenied('Group');
  }

  /** Calendars are linked to users only (Traccar): the caller must hold a link to it. */
  async checkCalendar(user: UserRow, calendarId: number): Promise<void> {
    if (user.administrator) return;
    if (!(await userHasLink(this.db, 'calendarId', user.id, calendarId))) throw accessDenied('Calendar');
  }

  /** A user may act on himself and, as a manager, on the users he manages. */
  async checkUser(user: UserRow, targetId: number): Promise<void> {
    if (user.administrator || user.id === targetId) return;
    if (!(await managedUserIds(this.db, user.id)).includes(targetId)) throw accessDenied('User');
  }
}

/** The user's bit for the action in the area; QR drivers and QR device logins are never granted anything (spec §6). */
function grants(attributes: Record<string, unknown>, area: PermissionArea, action: PermissionAction): boolean {
  return !attributes['tarkan.isQrDriverId'] && !attributes['tarkan.isQrDeviceId'] && hasPermission(attributes[ADVANCED_PERMISSIONS_KEY], area, action);
}
