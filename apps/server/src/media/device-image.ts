/**
 * What a device picture is, read from its first bytes (its magic number), never from the name or
 * the Content-Type a client sends: Traccar's four types only (DeviceResource.imageExtension).
 */

/** Traccar's IMAGE_SIZE_LIMIT: a device picture is a thumbnail for the map and the list. */
export const MAX_DEVICE_IMAGE_BYTES = 500_000;

export interface ImageKind {
  /** The file extension Traccar gives it. */
  extension: 'jpg' | 'png' | 'gif' | 'webp';
  type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
}

const startsWith = (data: Buffer, bytes: readonly number[], at = 0) => data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);

/** The image's kind by its signature, or null for anything else (SVG, HTML, executables, truncated files). */
export function imageKind(data: Buffer): ImageKind | null {
  // JPEG: SOI then a marker
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { extension: 'jpg', type: 'image/jpeg' };
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { extension: 'png', type: 'image/png' };
  // GIF87a / GIF89a
  if (startsWith(data, [0x47, 0x49, 0x46, 0x38]) && (data[4] === 0x37 || data[4] === 0x39) && data[5] === 0x61) return { extension: 'gif', type: 'image/gif' };
  // RIFF....WEBP
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8)) return { extension: 'webp', type: 'image/webp' };
  return null;
}
