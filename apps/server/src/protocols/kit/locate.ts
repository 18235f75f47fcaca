import { ProtocolError, type StreamCodec } from '../codec.ts';

/** Bytes kept when no frame start is found: a start split over two reads stays whole. */
const KEPT_FOR_SPLIT_START = 7;

/**
 * Where the first frame in `buffer` is: junk before it (bytes that cannot start a frame, skipped
 * up to the codec's next frame start) and its length (0 while incomplete). Throws ProtocolError
 * only for codecs that cannot find a frame start, as their stream cannot be resynchronised.
 */
export function locateFrame(codec: StreamCodec, buffer: Buffer): { skipped: number; length: number } {
  let skipped = 0;
  for (;;) {
    const rest = buffer.subarray(skipped);
    if (rest.length === 0) return { skipped, length: 0 };
    try {
      return { skipped, length: codec.frameLength(rest) };
    } catch (error) {
      if (!(error instanceof ProtocolError) || !codec.frameStart) throw error;
      const next = codec.frameStart(rest, 1);
      skipped += next > 0 ? next : Math.max(1, rest.length - KEPT_FOR_SPLIT_START);
    }
  }
}
