import type { Device, DeviceStatus } from '@rastro/api';
import type { Kysely, Selectable } from 'kysely';
import { toDevice } from '../db/mappers.ts';
import type { Database, DeviceTable } from '../db/schema.ts';
import { attrs } from '../db/mappers.ts';
import { updateDeviceRow } from '../db/device-update.ts';
import { rowToStored } from '../position/mappers.ts';
import type { StoredPosition } from '../position/types.ts';
import type { Db } from '../db/connection.ts';
import { devicesByIds } from '../db/repositories/devices.ts';
import type { LiveBus } from './bus.ts';

type DeviceRow = Selectable<DeviceTable>;

/**
 * Columns this node keeps newer than the database for a live device: status, last update and
 * latest position, and the event handlers' motion and overspeed state (a REST edit changes none).
 */
const LIVE_STATE = new Set<string>(['status', 'lastUpdate', 'positionId', 'motionStreak', 'motionState', 'motionPositionId', 'motionTime',
  'motionLatitude', 'motionLongitude', 'motionDistance', 'overspeedState', 'overspeedTime', 'overspeedGeofenceId'] satisfies (keyof DeviceRow)[]);

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
  /** Counts the changes announced, and when each device last changed: a row read before its change may be older, and is not kept. */
  private generation = 0;
  private readonly changedAt = new Map<number, number>();
  /** The re-read of changed live rows, while it runs. */
  private reloading: Promise<void> | null = null;
  private readonly db: Kysely<Database>;

  constructor(
    private readonly database: Db,
    private readonly bus: LiveBus,
    private readonly statusTimeoutMs: number,
  ) {
    this.db = database.kysely;
  }

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

  /** Every cached row may be stale (the full `invalidate` message). */
  invalidate(): void {
    this.changed([...this.rows.keys()]);
  }

  /**
   * These devices were written (REST edits, check-ins, deletions): rows held only as a copy are
   * dropped and read again when next needed; rows holding live state (online, or state not yet
   * written) are read again at once, all in one query, keeping what only this node knows.
   * Until that read is back, `get` and `findByUniqueId` wait for it.
   */
  changed(ids: readonly number[]): void {
    this.generation++;
    const live: number[] = [];
    for (const id of ids) {
      this.changedAt.set(id, this.generation);
      const row = this.rows.get(id);
      if (!row) continue;
      if (this.dirty.has(id) || row.status === 'online') live.push(id);
      else this.rows.delete(id);
    }
    if (!live.length) return;
    // after any re-read still running, so an older answer never lands over a newer one
    const reload = (this.reloading ?? Promise.resolve()).then(() => devicesByIds(this.database, live)).then((fresh) => {
      const found = new Map(fresh.map((row) => [row.id, row]));
      for (const id of live) {
        const row = this.rows.get(id);
        const next = found.get(id);
        if (!row) continue;
        if (!next) {
          this.rows.delete(id);
          this.latest.delete(id);
          continue;
        }
        // in place: event handlers may hold this very row while they update its motion state
        const written = Object.fromEntries(Object.entries(next).filter(([key]) => !LIVE_STATE.has(key)));
        Object.assign(row, written, { positionId: row.positionId ?? next.positionId });
      }
    });
    const settled = reload.catch(() => {
      // unknown state: drop what we could not refresh, it is read again when needed
      for (const id of live) if (!this.dirty.has(id)) this.rows.delete(id);
    }).finally(() => {
      if (this.reloading === settled) this.reloading = null;
    });
    this.reloading = settled;
  }

  async findByUniqueId(uniqueId: string): Promise<DeviceRow | null> {
    if (this.reloading) await this.reloading;
    for (const row of this.rows.values()) if (row.uniqueId === uniqueId) return row;
    const generation = this.generation;
    const row = await this.db.selectFrom('tc_devices').selectAll().where('uniqueId', '=', uniqueId).executeTakeFirst();
    if (!row) return null;
    return this.keep(row, generation);
  }

  /** Caches a row read from the database, unless a change came in while it was read (then it may be older). */
  private keep(row: DeviceRow, generation: number): DeviceRow {
    const held = this.rows.get(row.id);
    if (held) return held;
    if ((this.changedAt.get(row.id) ?? 0) <= generation) this.rows.set(row.id, row);
    return row;
  }

  /** How much is held (GET /api/server/cache): rows, latest positions, states not yet written. */
  get counts(): { rows: number; positions: number; unwritten: number } {
    return { rows: this.rows.size, positions: this.latest.size, unwritten: this.dirty.size };
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
    if (this.reloading) await this.reloading;
    const cached = this.rows.get(deviceId);
    if (cached) return cached;
    const generation = this.generation;
    const row = await this.db.selectFrom('tc_devices').selectAll().where('id', '=', deviceId).executeTakeFirst();
    return row ? this.keep(row, generation) : null;
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
      position = row ? rowToStored(row) : null;
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

  /**
   * History was deleted and these devices' latest position moved (db/position-removal.ts): what is
   * held of it is dropped and the row's positionId read again, so nothing names a deleted row.
   */
  async positionsRemoved(deviceIds: readonly number[]): Promise<void> {
    for (const id of deviceIds) this.latest.delete(id);
    const held = deviceIds.filter((id) => this.rows.has(id));
    if (!held.length) return;
    const fresh = await this.db.selectFrom('tc_devices').select(['id', 'positionId']).where('id', 'in', held).execute();
    for (const { id, positionId } of fresh) {
      const row = this.rows.get(id);
      if (row) row.positionId = positionId;
      this.latest.delete(id);
    }
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
