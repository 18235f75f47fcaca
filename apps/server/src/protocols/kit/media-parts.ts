import type { ConnectionState } from '../codec.ts';

/**
 * A file a device sends in parts over several frames (a photo in packages, a voice message in
 * pieces), gathered in the connection memory until whole. Shared by the protocols that carry
 * media (JT808, Meitrack, watch, GT06, Ruptela). A connection gathers one file at a time, as
 * Traccar keeps one media buffer per connection: a part of another file drops what was gathered
 * of the previous one, and a file that outgrows MAX_MEDIA_BYTES or the part count is
 * dropped and refused, so that its remaining parts are not gathered again.
 *
 * The listener decodes again the frame that identified the device (with its settings, from the
 * memory it started with): storing a part under its key is idempotent, so that second pass
 * completes the same file.
 */

/**
 * The largest file gathered: the media store's own cap (media/store.ts keeps files up to the same
 * size; protocols sit below it and cannot import it).
 */
export const MAX_MEDIA_BYTES = 16 * 1024 * 1024;

/** Far more than any photo or voice message takes (a 16 MiB file in JT808 packages of 1 kB takes 16,400). */
export const MAX_MEDIA_PARTS = 32 * 1024;

export interface MediaParts {
  /** What the protocol names the file by (media id, file name, picture id, part count…). */
  readonly file: string;
  /** Parts by number or offset; joined in that order. */
  readonly parts: Map<number, Uint8Array>;
  bytes: number;
  /** Too big: nothing of it is gathered any more. */
  refused: boolean;
}

export interface Part {
  file: string;
  /** The part's number or offset. */
  key: number;
  data: Uint8Array;
  /** What the device announced, when it did: a file over the limits is refused at once. */
  count?: number;
  size?: number;
}

function isMediaParts(value: unknown): value is MediaParts {
  return typeof value === 'object' && value !== null && (value as MediaParts).parts instanceof Map;
}

/** What the connection gathers under `slot`, if anything. */
export function gathered(state: ConnectionState, slot: string): MediaParts | null {
  const value = state.data[slot];
  return isMediaParts(value) ? value : null;
}

export function dropParts(state: ConnectionState, slot: string): void {
  state.data[slot] = undefined;
}

/**
 * Keeps one part (a copy: the frame's buffer is not held) and returns the file gathered so far,
 * or null when the file is too big: it is then dropped and its further parts are refused.
 */
export function gatherPart(state: ConnectionState, slot: string, part: Part): MediaParts | null {
  let current = gathered(state, slot);
  if (current?.file !== part.file) {
    current = { file: part.file, parts: new Map(), bytes: 0, refused: false };
    state.data[slot] = current;
  }
  if (current.refused) return null;
  const previous = current.parts.get(part.key);
  const bytes = current.bytes - (previous?.length ?? 0) + part.data.length;
  const tooMany = (part.count ?? 0) > MAX_MEDIA_PARTS || (!previous && current.parts.size >= MAX_MEDIA_PARTS);
  if (tooMany || bytes > MAX_MEDIA_BYTES || (part.size ?? 0) > MAX_MEDIA_BYTES) {
    state.data[slot] = { file: part.file, parts: new Map(), bytes: 0, refused: true } satisfies MediaParts;
    return null;
  }
  current.parts.set(part.key, part.data.slice());
  current.bytes = bytes;
  return current;
}

/** The parts in key order, as one file. */
export function joinParts({ parts }: MediaParts): Buffer {
  return Buffer.concat([...parts.keys()].sort((a, b) => a - b).map((key) => parts.get(key) ?? new Uint8Array()));
}

/** The numbers from `first` to `last` with no part, at most `limit` of them. */
export function missingParts({ parts }: MediaParts, first: number, last: number, limit = Infinity): number[] {
  const missing: number[] = [];
  for (let key = first; key <= last && missing.length < limit; key++) if (!parts.has(key)) missing.push(key);
  return missing;
}
