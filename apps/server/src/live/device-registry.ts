import type { Device, DeviceStatus } from '@rastro/api';
import type { Kysely, Selectable } from 'kysely';
import { toDevice } from '../db/mappers.ts';
import type { Database, DeviceTable, PositionTable } from '../db/schema.ts';
import type { StoredPosition } from '../pipeline/types.ts';
import { attrs, parseJson } from '../db/mappers.ts';
import { updateDeviceRow } from '../db/device-update.ts';
import type { LiveBus } from './bus.ts';

type DeviceRow = Selectable<DeviceTable>;

export function toStored(row: Selectable<PositionTable>): StoredPosition {
  return {
    id: row.id,
    deviceId: row.deviceId,
    protocol: row.protocol,
    serverTime: row.serverTime,
    deviceTime: row.deviceTime,
    fixTime: row.fixTime,
    valid: Boolean(row.valid),
    outdated: false,
    latitude: row.latitude,
    longitude: row.longitude,
    altitude: row.altitude,
    speed: row.speed,
    course: row.course,
    accuracy: row.accuracy,
    address: row.address,
    network: parseJson(row.network, null),
    geofenceIds: parseJson(row.geofenceIds, null),
    attributes: attrs(row.attributes),
  };
}

/**
 * Per-device state kept in memory on the node that receives the device: its row, status,
 * last update and latest stored position. Status changes go to the database in batches and
 * to browsers through the live bus.
 */
export class DeviceRegistry {
  private readonly rows = new Map<number, DeviceRow>();
  private readonly latest = new Map<number, StoredPosition | null>();
  private readonly dirty = new Set<number>();
  /** When each device's status frame was last pushed. */
  private readonly pushed = new Map<number, number>();
  private timers: NodeJS.Timeout[] = [];
  /** Told of every status change (deviceOnline / deviceOffline / deviceUnknown events). */
  onStatusChange: ((deviceId: number, status: DeviceStatus, time: number) => void) | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: LiveBus,
    private readonly statusTimeoutMs: number,
  ) {}

  /** Traccar clears every status at startup: nothing is known until a device speaks. */
  async start(): Promise<void> {
    await this.db.updateTable('tc_devices').set({ status: null }).execute();
    const sweep = Math.max(this.statusTimeoutMs / 10, 1000);
    this.timers.push(setInterval(() => this.sweep(Date.now()), sweep));
    this.timers.push(setInterval(() => void this.persist().catch(() => undefined), 1000));
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.persist();
  }

  /** Drops cached rows (after REST edits); live status survives. */
  invalidate(): void {
    for (const [id, row] of this.rows) if (!this.dirty.has(id) && row.status !== 'online') this.rows.delete(id);
    for (const id of [...this.rows.keys()]) {
      const row = this.rows.get(id)!;
      void this.db.selectFrom('tc_devices').selectAll().where('id', '=', id).executeTakeFirst().then((fresh) => {
        if (!fresh) this.rows.delete(id);
        else this.rows.set(id, { ...fresh, status: row.status, lastUpdate: row.lastUpdate, positionId: row.positionId ?? fresh.positionId });
      });
    }
  }

  async findByUniqueId(uniqueId: string): Promise<DeviceRow | null> {
    for (const row of this.rows.values()) if (row.uniqueId === uniqueId) return row;
    const row = await this.db.selectFrom('tc_devices').selectAll().where('uniqueId', '=', uniqueId).executeTakeFirst();
    if (!row) return null;
    this.rows.set(row.id, row);
    return row;
  }

  /**
   * The row held in memory, without loading it: for lists that already read the rows from the
   * database and only want what the registry knows newer (status, last update, positionId).
   * Loading each missing row instead costs one query per device (seconds for ten thousand).
   */
  cached(deviceId: number): DeviceRow | undefined {
    return this.rows.get(deviceId);
  }

  async get(deviceId: number): Promise<DeviceRow | null> {
    const cached = this.rows.get(deviceId);
    if (cached) return cached;
    const row = await this.db.selectFrom('tc_devices').selectAll().where('id', '=', deviceId).executeTakeFirst();
    if (row) this.rows.set(deviceId, row);
    return row ?? null;
  }

  /** Every decoded message marks the device online with the server's clock and is pushed. */
  async markOnline(deviceId: number, now = Date.now()): Promise<void> {
    const row = await this.get(deviceId);
    if (!row) return;
    this.setStatus(row, 'online', now);
  }

  /** A TCP connection closed. */
  async markOffline(deviceId: number): Promise<void> {
    const row = await this.get(deviceId);
    if (row) this.setStatus(row, 'offline', row.lastUpdate ?? Date.now());
  }

  async lastPosition(deviceId: number): Promise<StoredPosition | null> {
    if (this.latest.has(deviceId)) return this.latest.get(deviceId)!;
    const device = await this.get(deviceId);
    let position: StoredPosition | null = null;
    if (device?.positionId) {
      const row = await this.db.selectFrom('tc_positions').selectAll().where('id', '=', device.positionId).executeTakeFirst();
      position = row ? toStored(row) : null;
    }
    this.latest.set(deviceId, position);
    return position;
  }

  /** The latest position this node holds in memory for a device, without reading the database. */
  knownLastPosition(deviceId: number): StoredPosition | undefined {
    return this.latest.get(deviceId) ?? undefined;
  }

  setLastPosition(position: StoredPosition): void {
    this.latest.set(position.deviceId, position);
    const row = this.rows.get(position.deviceId);
    if (row) row.positionId = position.id;
  }

  /** Attributes a device reports about itself (OsmAnd's notification token), merged into the stored ones. */
  async mergeAttributes(deviceId: number, attributes: Record<string, unknown>): Promise<void> {
    const stored = await updateDeviceRow(this.db, deviceId, (row) => ({ attributes: JSON.stringify({ ...attrs(row.attributes), ...attributes }) }));
    const row = this.rows.get(deviceId);
    if (stored && row) row.attributes = stored.attributes;
  }

  /** The event handlers changed the motion or overspeed state kept on the row. */
  stateChanged(deviceId: number): void {
    this.dirty.add(deviceId);
  }

  deviceJson(row: DeviceRow): Device {
    return toDevice(row);
  }

  /**
   * Traccar pushes a devices frame for every message; a tracker reporting several times a second
   * gets one per second at most (lastUpdate to the second), a status change always goes at once.
   */
  private setStatus(row: DeviceRow, status: DeviceStatus, lastUpdate: number): void {
    const changed = row.status !== status;
    if (changed) this.onStatusChange?.(row.id, status, Date.now());
    row.status = status;
    row.lastUpdate = lastUpdate;
    this.dirty.add(row.id);
    const now = Date.now();
    if (changed || now - (this.pushed.get(row.id) ?? 0) >= 1000) {
      this.pushed.set(row.id, now);
      this.bus.publish({ kind: 'device', device: toDevice(row) });
    }
  }

  private sweep(now: number): void {
    for (const row of this.rows.values()) {
      if (row.status === 'online' && row.lastUpdate !== null && now - row.lastUpdate > this.statusTimeoutMs) {
        this.setStatus(row, 'unknown', row.lastUpdate);
      }
    }
  }

  private async persist(): Promise<void> {
    if (this.dirty.size === 0) return;
    const ids = [...this.dirty];
    this.dirty.clear();
    for (const id of ids) {
      const row = this.rows.get(id);
      if (!row) continue;
      await this.db.updateTable('tc_devices').set({
        status: row.status,
        lastUpdate: row.lastUpdate,
        motionStreak: row.motionStreak,
        motionTime: row.motionTime,
        motionLatitude: row.motionLatitude,
        motionLongitude: row.motionLongitude,
        motionPositionId: row.motionPositionId,
        overspeedState: row.overspeedState,
        overspeedTime: row.overspeedTime,
        overspeedGeofenceId: row.overspeedGeofenceId,
      }).where('id', '=', id).execute();
    }
  }
}
