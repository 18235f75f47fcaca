import type { Attributes } from '@rastro/api';
import type { DecodedPosition, DeviceChannel, DeviceRef, ProtocolContext } from '../types.ts';

/**
 * A ProtocolContext for listener tests: it knows the devices `lookup` gives an id, records what the
 * listener asks of it, and lets a test slow down or fail identification and storage.
 */
export class RecordingContext implements ProtocolContext {
  /** Every identification asked for, known device or not. */
  readonly identified: { protocol: string; uniqueId: string; remoteAddress: string }[] = [];
  /** Every stored submission, in order, empty ones included. */
  readonly submitted: { device: DeviceRef; positions: DecodedPosition[] }[] = [];
  readonly attributeUpdates: { device: DeviceRef; attributes: Attributes }[] = [];
  /** What happened to the connections, in order: 'attach', 'stored' (a non-empty submission), 'disconnected'. */
  readonly events: string[] = [];
  /** The channel of the device attached last. */
  channel: DeviceChannel | null = null;
  /** Log lines as `level message`. */
  readonly messages: string[] = [];
  /** Runs before each identification answers: a test makes it slow or fail. */
  onIdentify: () => Promise<void> = async () => {};
  /** Runs at each submission before it is stored: a test observes it, holds it back or makes it fail. */
  onSubmit: () => unknown = async () => {};
  /** Every submission waits for it before it is stored: a test holds storage back as a whole. */
  storage: Promise<void> = Promise.resolve();

  /** `lookup` answers a known device's id, or null for an unknown one; by default every device is known, as id 1. */
  constructor(private readonly lookup: (uniqueId: string) => number | null = () => 1) {}

  readonly log = {
    info: (msg: string) => this.messages.push(`info ${msg}`),
    warn: (msg: string) => this.messages.push(`warn ${msg}`),
    error: (msg: string) => this.messages.push(`error ${msg}`),
  };

  /** The non-empty submissions' positions, one array per submission. */
  get batches(): DecodedPosition[][] {
    return this.submitted.map((entry) => entry.positions).filter((positions) => positions.length > 0);
  }

  /** Every stored position, in order. */
  get positions(): DecodedPosition[] {
    return this.submitted.flatMap((entry) => entry.positions);
  }

  async identify(protocol: string, uniqueId: string, remoteAddress: string): Promise<DeviceRef | null> {
    this.identified.push({ protocol, uniqueId, remoteAddress });
    await this.onIdentify();
    const id = this.lookup(uniqueId);
    return id === null ? null : { id, uniqueId };
  }

  async submit(device: DeviceRef, positions: DecodedPosition[]): Promise<void> {
    await this.onSubmit();
    await this.storage;
    this.submitted.push({ device, positions });
    if (positions.length) this.events.push('stored');
  }

  updateDeviceAttributes(device: DeviceRef, attributes: Attributes): Promise<void> {
    this.attributeUpdates.push({ device, attributes });
    return Promise.resolve();
  }

  attach(_device: DeviceRef, channel: DeviceChannel): Promise<void> {
    this.channel = channel;
    this.events.push('attach');
    return Promise.resolve();
  }

  disconnected(): Promise<void> {
    this.events.push('disconnected');
    return Promise.resolve();
  }
}
