import type { Attributes } from '@rastro/api';
import type { DecodedPosition } from '../position/types.ts';

// The codecs' contract names what they produce; the shape itself is the position's (position/types.ts).
export type { DecodedPosition } from '../position/types.ts';

/** A command to send to a device (Traccar's Command: `type` plus `attributes`, e.g. `data` for custom). */
export interface DeviceCommand {
  type: string;
  attributes: Record<string, unknown>;
}

/** A live connection through which commands reach a device. */
export interface DeviceChannel {
  protocol: string;
  /** Encodes and writes a command; throws when the protocol cannot encode that type. */
  send: (command: DeviceCommand) => void;
}

/**
 * A device's model and protocol settings as the decoder sees them: the value for a key (as stored:
 * text, number or boolean), read when asked so an edit applies to the next frame.
 */
export type DeviceSettings = (key: string) => unknown;

/** The device a connection or request was identified as. */
export interface DeviceRef {
  id: number;
  uniqueId: string;
}

/**
 * What a protocol listener needs from the rest of the server.
 * Listeners never touch the database directly.
 */
export interface ProtocolContext {
  /**
   * Looks up a device by identifier. Unknown, disabled or expired devices resolve to null;
   * unknown identifiers are remembered for autolink.
   */
  identify: (protocol: string, uniqueId: string, remoteAddress: string) => Promise<DeviceRef | null>;
  /**
   * Marks the device online and runs the positions through the pipeline. Resolves once they are
   * durably stored: only then may the device be acknowledged.
   */
  submit: (device: DeviceRef, positions: DecodedPosition[]) => Promise<void>;
  /** Sets device attributes reported by the device itself (e.g. a push notification token). */
  updateDeviceAttributes: (device: DeviceRef, attributes: Attributes) => Promise<void>;
  /** A connection-oriented device was identified: commands can reach it now, and queued ones are sent. */
  attach?: (device: DeviceRef, channel: DeviceChannel) => Promise<void>;
  /** A connection-oriented device went away (TCP close): it turns offline. Not used by HTTP protocols. */
  disconnected?: (device: DeviceRef, channel: DeviceChannel) => Promise<void>;
  /** HTTP protocols: removes and returns the next queued command's text (OsmAnd answers with it). */
  takeQueuedText?: (device: DeviceRef) => Promise<string | null>;
  /** Keeps a file a device sent and gives its name (media/store.ts); absent where no store is kept. */
  storeMedia?: (device: DeviceRef, extension: string, data: Buffer) => Promise<string>;
  /**
   * The device's model and settings (device → group → server) as they are now: the listener asks
   * before each frame, so an edit applies to the next one. Without it decoders see none.
   */
  settingsOf?: (device: DeviceRef) => Promise<DeviceSettings>;
  log: { info: (msg: string) => void; warn: (msg: string) => void; error: (msg: string) => void };
}

/** A running listener (TCP, UDP or HTTP) for one protocol. */
export interface ProtocolListener {
  protocol: string;
  transport: 'tcp' | 'udp' | 'http';
  port: number;
  close: () => Promise<void>;
}
