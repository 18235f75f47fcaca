import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Photos, videos and voice messages devices send (JT808 multimedia, dashcam files, watch voice
 * messages), kept under the data directory as Traccar keeps them: `media/<device>/<file>`. The
 * position that carried one names its file in the `image`, `video` or `audio` attribute, and
 * GET /api/media/<uniqueId>/<file> serves it to users who see the device.
 */

/** What devices send, by extension, with the type it is served as. Anything else is refused. */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
  h264: 'video/h264',
  amr: 'audio/amr',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
};

/** Bigger than any photo or clip a tracker sends over GPRS; a device cannot fill the disk with one message (protocols/kit/media-parts.ts gathers no more). */
export const MAX_MEDIA_BYTES = 16 * 1024 * 1024;

/** Generated names only: time, random part, known extension. Nothing a client sends becomes a path otherwise. */
const FILE_NAME = /^\d{14}-[0-9a-f]{12}\.([a-z0-9]{2,4})$/;

/**
 * A device's own picture (Traccar's POST /api/devices/{id}/image): `device.<extension>` beside its
 * media, one per device, of these types only (checked by their content: media/device-image.ts).
 */
export const DEVICE_IMAGE_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};
const DEVICE_IMAGE_NAME = /^device\.([a-z]{3,4})$/;

/** A device folder from its identifier: encoded so that no identifier can name another place. */
function folderOf(uniqueId: string): string {
  return encodeURIComponent(uniqueId).replace(/\./g, '%2E').replace(/\*/g, '%2A');
}

export class MediaStore {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'media');
  }

  /** Writes a device's file and returns its name; refuses an unknown type or an oversized file. */
  async save(uniqueId: string, extension: string, data: Buffer, time = new Date()): Promise<string> {
    if (!(extension in MEDIA_TYPES)) throw new Error(`media type .${extension} is not kept`);
    if (data.length === 0 || data.length > MAX_MEDIA_BYTES) throw new Error(`media of ${data.length} bytes is not kept`);
    const stamp = time.toISOString().replace(/\D/g, '').slice(0, 14);
    const name = `${stamp}-${randomBytes(6).toString('hex')}.${extension}`;
    const folder = path.join(this.root, folderOf(uniqueId));
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, name), data, { flag: 'wx' });
    return name;
  }

  /**
   * Writes a device's picture as `device.<extension>` and returns that name; a picture of another
   * type it had before is removed. Written aside and renamed, so a reader never gets half a file.
   * The caller has checked the content (media/device-image.ts).
   */
  async saveDeviceImage(uniqueId: string, extension: string, data: Buffer): Promise<string> {
    if (!Object.hasOwn(DEVICE_IMAGE_TYPES, extension)) throw new Error(`device image type .${extension} is not kept`);
    const folder = path.join(this.root, folderOf(uniqueId));
    await mkdir(folder, { recursive: true });
    const name = `device.${extension}`;
    const partial = path.join(folder, `.device-${randomBytes(6).toString('hex')}`);
    await writeFile(partial, data, { flag: 'wx' });
    try {
      await rename(partial, path.join(folder, name));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    for (const other of Object.keys(DEVICE_IMAGE_TYPES)) if (other !== extension) await rm(path.join(folder, `device.${other}`), { force: true });
    return name;
  }

  /** A stored file to serve, or null when the name is not one this store gives or the file is gone. */
  async open(uniqueId: string, name: string): Promise<{ stream: ReadStream; type: string; size: number } | null> {
    const match = FILE_NAME.exec(name);
    const image = DEVICE_IMAGE_NAME.exec(name);
    const type = match ? MEDIA_TYPES[match[1]] : image ? DEVICE_IMAGE_TYPES[image[1]] : undefined;
    if (!type) return null;
    const file = path.join(this.root, folderOf(uniqueId), name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { stream: createReadStream(file), type, size: info.size };
  }
}
