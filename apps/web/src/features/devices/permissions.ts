import { lockUnlockEnabled } from '@rastro/api';
import { useServerInfo } from '../../api/queries.ts';
import { areaAllowed, mayCreateDevices, mayReport, mayShare, useAccessContext } from '../../access/permissions.ts';

/** What the signed-in user may do to devices; the server checks the same on every call. */
export interface DeviceRights {
  /** Create and edit devices (not read-only, not device-read-only). */
  edit: boolean;
  delete: boolean;
  /**
   * Engine lock and unlock: ad-hoc commands (not read-only, commands not limited), while the
   * server's `enableLockUnlock` (spec §3) is on.
   */
  lock: boolean;
  unlock: boolean;
  /**
   * Commands from the device's menu, as the server checks them: a saved command needs a writable
   * account and the devices area's bit for its type (engine stop and resume are lock and unlock,
   * and go only while `enableLockUnlock` is on); an ad-hoc one also needs commands not limited.
   */
  commands: { saved: boolean; savedLock: boolean; savedUnlock: boolean; custom: boolean };
  /** Anchors are geofences: any write. */
  anchor: boolean;
  /** Temporary share links: a plus-licence feature, not for share-link users themselves. */
  share: boolean;
  /** The device's routes and chart: position history, which is report work (spec §6). */
  reports: boolean;
}

const NO_COMMANDS = { saved: false, savedLock: false, savedUnlock: false, custom: false };
const NONE: DeviceRights = { edit: false, delete: false, lock: false, unlock: false, commands: NO_COMMANDS, anchor: false, share: false, reports: false };

/** Spec §6 for devices, with the advanced-permission actions of the devices area and of anchor and share. */
export function useDeviceRights(): DeviceRights {
  const access = useAccessContext();
  const server = useServerInfo().data?.server;
  if (!access || !server) return NONE;
  const reports = mayReport(access);
  if (!areaAllowed('devices', access)) return { ...NONE, reports };
  const { user } = access;
  const writable = user.administrator || !(user.readonly || server.readonly);
  const devicesWritable = writable && (user.administrator || !(user.deviceReadonly || server.deviceReadonly));
  const commands = writable && (user.administrator || !(user.limitCommands || server.limitCommands));
  const lockUnlock = lockUnlockEnabled(server.attributes);
  const engine = commands && lockUnlock;
  const command = areaAllowed('devices', access, 'command');
  return {
    edit: devicesWritable && areaAllowed('devices', access, 'edit'),
    delete: devicesWritable && areaAllowed('devices', access, 'delete'),
    lock: engine && areaAllowed('devices', access, 'lock'),
    unlock: engine && areaAllowed('devices', access, 'unlock'),
    commands: {
      saved: writable && command,
      savedLock: writable && lockUnlock && areaAllowed('devices', access, 'lock'),
      savedUnlock: writable && lockUnlock && areaAllowed('devices', access, 'unlock'),
      custom: commands && command,
    },
    // @rastro/api keeps anchor at the base bit of `extras` and share one above it
    anchor: writable && areaAllowed('extras', access, 'view'),
    share: mayShare(access),
    reports,
  };
}

/** Adding a device (spec §6 devices.create; spec §5 adds the device limit, checked when saving). */
/** Whether the rights let this saved command go (engine stop and resume are lock and unlock). */
export function maySendSaved(rights: DeviceRights, type: string): boolean {
  if (type === 'engineStop') return rights.commands.savedLock;
  if (type === 'engineResume') return rights.commands.savedUnlock;
  return rights.commands.saved;
}

/** Whether the device's command menu has anything to offer. */
export const hasCommandMenu = (rights: DeviceRights): boolean => Object.values(rights.commands).some(Boolean);

export function useCanCreateDevices(): boolean {
  const access = useAccessContext();
  return access !== null && mayCreateDevices(access);
}
