import type { DecodedPosition, DeviceCommand, DeviceRef, DeviceSettings } from './types.ts';

export type { DeviceCommand, DeviceSettings };

/**
 * The contract of a binary or text device protocol over TCP/UDP. A codec is pure: it splits
 * the byte stream into frames and decodes one frame at a time, keeping what it must remember
 * about the connection in `state.data`. Sockets, identification, storage and acknowledgement
 * order belong to the listener (`stream-listener.ts`).
 */
export interface ConnectionState {
  /** The identified device, once a frame carried its identifier. */
  device: DeviceRef | null;
  /** Protocol-specific memory of this connection (e.g. the last serial number). */
  data: Record<string, unknown>;
  /**
   * What the decoder may know of the device once identified: its `model` and its settings by
   * Traccar's keys (`decoder.timezone`, `suntech.protocolType`, `teltonika.extended`…), looked up
   * device → group → server. Empty before identification; read through `kit/settings.ts`.
   */
  settings?: DeviceSettings;
}

/** Settings given as a fixed list (tests, replays). */
export function fixedSettings(values: Readonly<Record<string, unknown>>): DeviceSettings {
  return (key) => values[key];
}

export interface DecodeResult {
  /** An identifier this frame carried (login frames, or every message for some protocols). */
  uniqueId?: string;
  positions?: DecodedPosition[];
  /** Sent once the device is known and the positions are stored: the acknowledgement. */
  reply?: Buffer;
  /** Files the frame completed (a photo, a clip, a voice message), each named on one of `positions`. */
  media?: MediaAttachment[];
}

/**
 * A file a device sent. The listener stores it under the device and writes its name into
 * `position.attributes[key]` (Traccar's `image`, `video`, `audio`) before the position is stored;
 * without a media store the attribute stays unset.
 */
export interface MediaAttachment {
  position: DecodedPosition;
  key: 'image' | 'video' | 'audio';
  /** The file type: jpg, png, mp4, h264, amr, wav or mp3 (media/store.ts). */
  extension: string;
  data: Buffer;
}

/**
 * Bytes that cannot be right. From `frameLength` it means the stream cannot be split any further:
 * the listener handles the frames before it and closes that connection (and nothing else). From
 * `decode` it concerns that frame only: it is logged and skipped, unacknowledged.
 */
export class ProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtocolError';
  }
}

export interface StreamCodec {
  protocol: string;
  /**
   * Length of the first complete frame at the start of `buffer`, or 0 when more bytes are
   * needed. Throws ProtocolError when the bytes cannot start a frame.
   */
  frameLength: (buffer: Buffer) => number;
  /**
   * Offset of the first possible frame start at or after `from` (-1 when none is in `buffer`).
   * When `frameLength` throws, the listener drops the bytes before the next start instead of
   * closing the connection, so a firmware that writes junk between frames keeps its connection.
   * Protocols without it close the connection on unframeable bytes.
   */
  frameStart?: (buffer: Buffer, from: number) => number;
  decode: (frame: Buffer, state: ConnectionState, receivedAt: Date) => DecodeResult;
  /**
   * Whether a frame's own checksum matches its bytes; left out by protocols that carry none.
   * The listener checks it before `decode`: a frame that fails is logged and skipped without an
   * acknowledgement (the device sends it again), unless the operator accepts broken checksums
   * for this protocol (`RASTRO_ACCEPT_BAD_CRC`). `decode` itself never looks at the checksum.
   */
  checksumValid?: (frame: Buffer) => boolean;
  /** Command types this protocol can encode (Traccar's `/api/commands/types` per device). */
  commandTypes: string[];
  /**
   * Encodes a command for a connected device; throws ProtocolError for a type it does not
   * support. Device replies come back through `decode` as positions with the `result` attribute.
   */
  encodeCommand: (command: DeviceCommand, state: ConnectionState) => Buffer;
}
