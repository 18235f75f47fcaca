import type { Statistics } from '../db/statistics.ts';
import type { Attributes } from '@rastro/api';
import type { Kysely } from 'kysely';
import type { PositionStore } from '../db/position-store.ts';
import type { Database } from '../db/schema.ts';
import type { MediaStore } from '../media/store.ts';
import type { LiveBus } from '../live/bus.ts';
import type { DeviceRegistry } from '../live/device-registry.ts';
import { toWorking } from '../position/create.ts';
import { isDeletedUniqueId } from '../domain/deleted-device.ts';
import { storedToWire } from '../position/mappers.ts';
import type { DecodedPosition, StoredPosition, WorkingPosition } from '../position/types.ts';
import type { DeviceChannel, DeviceRef, DeviceSettings, ProtocolContext } from '../protocols/types.ts';
import type { CommandRouter } from '../live/commands.ts';
import { distance } from './distance.ts';
import type { DeviceContexts } from './device-context.ts';
import type { EventRaiser } from './events/raiser.ts';
import { computedEarly, computedLate } from './computed.ts';
import { engineHours } from './engine-hours.ts';
import { filter } from './filter.ts';
import { geofence } from './geofence.ts';
import { motion } from './motion.ts';
import { outdated } from './outdated.ts';
import { linkedDriver, qrDriver } from './qr-driver.ts';
import type { PositionHandler, PositionStep } from './types.ts';

/** The ordered steps (Traccar's ProcessingHandler order, for the steps built so far); the QR driver first, so computed attributes see it. */
const HANDLERS: PositionHandler[] = [qrDriver, linkedDriver, computedEarly, outdated, distance, filter, geofence, motion, computedLate, engineHours];

/** HANDLERS with a geolocation step right after `outdated`, where Traccar runs its GeolocationHandler. */
const withGeolocation = (step: PositionStep): PositionStep[] => {
  const at = HANDLERS.indexOf(outdated) + 1;
  return [...HANDLERS.slice(0, at), step, ...HANDLERS.slice(at)];
};

type Logger = ProtocolContext['log'];

/**
 * Where every protocol hands its positions: marks the device online, runs each position
 * through the handlers, stores it durably, then pushes it live. One device's positions are
 * processed in order; different devices run concurrently and share write batches.
 */
export class PositionProcessor implements ProtocolContext {
  private readonly chains = new Map<number, Promise<void>>();
  private readonly steps: PositionStep[];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: PositionStore,
    private readonly registry: DeviceRegistry,
    private readonly bus: LiveBus,
    private readonly commands: CommandRouter,
    private readonly contexts: DeviceContexts,
    private readonly events: EventRaiser,
    readonly log: Logger,
    private readonly media: MediaStore,
    /** Cell-tower and Wi-Fi geolocation, when a provider is configured. */
    geolocation: PositionStep | null = null,
    /** Traccar's daily statistics: messages received and stored, active devices. */
    private readonly statistics: Statistics | null = null,
  ) {
    this.steps = geolocation ? withGeolocation(geolocation) : HANDLERS;
  }

  storeMedia(device: DeviceRef, extension: string, data: Buffer): Promise<string> {
    return this.media.save(device.uniqueId, extension, data);
  }

  async identify(protocol: string, uniqueId: string, remoteAddress: string): Promise<DeviceRef | null> {
    const row = await this.registry.findByUniqueId(uniqueId);
    if (!row) {
      await this.rememberUnknown(protocol, uniqueId, remoteAddress);
      return null;
    }
    const now = Date.now();
    if (row.disabled || (row.expirationTime !== null && row.expirationTime < now)) return null;
    return { id: row.id, uniqueId: row.uniqueId };
  }

  /** The model from the device row, everything else through the context's lookup chain (both cached). */
  async settingsOf(device: DeviceRef): Promise<DeviceSettings> {
    const [row, context] = await Promise.all([this.registry.get(device.id), this.contexts.get(device.id)]);
    const model = row?.model ?? null;
    return (key) => (key === 'model' ? model : context?.lookup(key));
  }

  submit(device: DeviceRef, positions: DecodedPosition[]): Promise<void> {
    const previous = this.chains.get(device.id) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.process(device, positions));
    this.chains.set(device.id, next);
    void next.finally(() => {
      if (this.chains.get(device.id) === next) this.chains.delete(device.id);
    }).catch(() => undefined);
    return next;
  }

  async attach(device: DeviceRef, channel: DeviceChannel): Promise<void> {
    await this.commands.attach(device.id, device.uniqueId, channel);
  }

  /** A closed connection turns the device offline, unless it already reconnected elsewhere. */
  async disconnected(device: DeviceRef, channel: DeviceChannel): Promise<void> {
    if (this.commands.detach(device.id, channel)) await this.registry.markOffline(device.id);
  }

  takeQueuedText(device: DeviceRef): Promise<string | null> {
    return this.commands.takeText(device.id, device.uniqueId);
  }

  async updateDeviceAttributes(device: DeviceRef, attributes: Attributes): Promise<void> {
    await this.registry.mergeAttributes(device.id, attributes);
  }

  private async process(device: DeviceRef, decoded: DecodedPosition[]): Promise<void> {
    // soft-deleted while its connection stayed open: the hidden device takes nothing more
    const row = await this.registry.get(device.id);
    if (row && isDeletedUniqueId(row.uniqueId)) return;
    const serverTime = Date.now();
    await this.registry.markOnline(device.id, serverTime);
    // Traccar flushes queued commands on every message of a connected device.
    await this.commands.flush(device.id, device.uniqueId);
    const context = await this.contexts.get(device.id);
    if (!context) return;
    let last = await this.registry.lastPosition(device.id);
    let previous: Promise<StoredPosition | null> = Promise.resolve(last);
    let chain: Promise<void> = Promise.resolve();
    for (const input of decoded) {
      this.statistics?.message(device.id, input.protocol);
      let position: WorkingPosition | null = toWorking(input, device.id, serverTime);
      for (const step of this.steps) {
        const result = step(position, last, context);
        // Only a step that waits on I/O (geolocation) costs this device's chain a turn of the event loop.
        position = result instanceof Promise ? await result : result;
        if (!position) break;
      }
      if (!position) continue;
      const isLatest = !last || position.fixTime >= last.fixTime;
      const accepted = position;
      // Writes of one message share a batch; events follow in position order once each is stored.
      const saved = this.store.insert(accepted, isLatest).then((id): StoredPosition => ({ ...accepted, id }));
      const before = previous;
      chain = chain.then(async () => {
        const stored = await saved;
        this.statistics?.count('messagesStored');
        if (isLatest) {
          this.registry.setLastPosition(stored);
          this.bus.publish({ kind: 'position', position: storedToWire(stored) });
        }
        await this.events.raise(stored, isLatest ? await before : null, context, isLatest);
      });
      if (isLatest) {
        previous = saved;
        // Later positions of this message are handled against this one without waiting for its write.
        last = { ...accepted, id: 0 };
      }
    }
    await chain;
  }

  private async rememberUnknown(protocol: string, uniqueId: string, remoteAddress: string): Promise<void> {
    const now = Date.now();
    const id = uniqueId.slice(0, 64);
    await this.db
      .insertInto('tc_unknown_devices')
      .values({ uniqueId: id, protocol, remoteAddress, firstSeen: now, lastSeen: now, count: 1 })
      .onConflict((oc) =>
        oc.column('uniqueId').doUpdateSet((eb) => ({ lastSeen: now, protocol, remoteAddress, count: eb('tc_unknown_devices.count', '+', 1) })),
      )
      .execute()
      .catch((error: unknown) => this.log.warn(`could not record unknown device ${id}: ${String(error)}`));
  }
}
