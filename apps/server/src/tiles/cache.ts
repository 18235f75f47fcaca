import fs from 'node:fs/promises';
import path from 'node:path';

/** A tile as kept on disk: the provider's bytes and what its HTTP headers said about them. */
export interface CachedTile {
  body: Buffer;
  contentType: string;
  /** Epoch ms until which the provider allows the tile to be used without asking again. */
  freshUntil: number;
  etag: string | null;
  lastModified: string | null;
}

type Meta = Omit<CachedTile, 'body'>;

interface Entry {
  size: number;
  /** Epoch ms of the last use (a file's modification time for tiles cached before this start). */
  used: number;
}

/**
 * Proxied tiles on disk, one file per tile (`<provider>/<z>/<x>/<y>.tile`: a 4-byte header length,
 * the header as JSON, then the body), written to a temporary name and renamed, so a reader never
 * sees half a tile. The total stays under `maxBytes`: past it, the least recently used tiles are
 * removed until a tenth is free again.
 */
export class TileCache {
  private index: Map<string, Entry> | null = null;
  private loading: Promise<Map<string, Entry>> | null = null;
  private total = 0;
  private writes = 0;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
  ) {}

  /** `key` is `<provider>/<z>/<x>/<y>` of validated parts: never a path of a request's choosing. */
  async get(key: string): Promise<CachedTile | null> {
    const index = await this.load();
    let raw: Buffer;
    try {
      raw = await fs.readFile(this.file(key));
    } catch {
      return null;
    }
    const tile = decode(raw);
    const entry = index.get(key);
    if (entry) entry.used = Date.now();
    return tile;
  }

  async put(key: string, tile: CachedTile): Promise<void> {
    const index = await this.load();
    const file = this.file(key);
    const bytes = encodeCachedTile(tile);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${++this.writes}.tmp`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, file);
    this.total -= index.get(key)?.size ?? 0;
    index.set(key, { size: bytes.length, used: Date.now() });
    this.total += bytes.length;
    if (this.total > this.maxBytes) await this.evict(index);
  }

  /** Bytes the cached tiles take. */
  async size(): Promise<number> {
    await this.load();
    return this.total;
  }

  private file(key: string): string {
    return path.join(this.dir, `${key}.tile`);
  }

  private async evict(index: Map<string, Entry>): Promise<void> {
    const target = this.maxBytes * 0.9;
    const oldest = [...index.entries()].sort((a, b) => a[1].used - b[1].used);
    for (const [key, entry] of oldest) {
      if (this.total <= target) break;
      index.delete(key);
      this.total -= entry.size;
      await fs.rm(this.file(key), { force: true });
    }
  }

  /** The tiles already on disk, found once, on first use. */
  private load(): Promise<Map<string, Entry>> {
    if (this.index) return Promise.resolve(this.index);
    this.loading ??= (async () => {
      const index = new Map<string, Entry>();
      let names: string[] = [];
      try {
        names = await fs.readdir(this.dir, { recursive: true });
      } catch {
        // no cache yet
      }
      for (const name of names) {
        const full = path.join(this.dir, name);
        if (name.endsWith('.tmp')) {
          // left by a crash mid-write
          await fs.rm(full, { force: true });
          continue;
        }
        if (!name.endsWith('.tile')) continue;
        const stat = await fs.stat(full).catch(() => null);
        if (!stat?.isFile()) continue;
        index.set(name.slice(0, -'.tile'.length).split(path.sep).join('/'), { size: stat.size, used: stat.mtimeMs });
        this.total += stat.size;
      }
      this.index = index;
      return index;
    })();
    return this.loading;
  }
}

/** A tile as its cache file holds it (exported for tests that lay a tile in the cache). */
export function encodeCachedTile(tile: CachedTile): Buffer {
  const { body, ...meta } = tile;
  const header = Buffer.from(JSON.stringify(meta));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  return Buffer.concat([length, header, body]);
}

/** Null for a file that is not a whole cached tile (then it is fetched again and overwritten). */
function decode(raw: Buffer): CachedTile | null {
  if (raw.length < 4) return null;
  const length = raw.readUInt32BE(0);
  if (4 + length > raw.length) return null;
  try {
    const meta = JSON.parse(raw.subarray(4, 4 + length).toString()) as Meta;
    if (typeof meta.contentType !== 'string' || typeof meta.freshUntil !== 'number') return null;
    return { ...meta, body: raw.subarray(4 + length) };
  } catch {
    return null;
  }
}
