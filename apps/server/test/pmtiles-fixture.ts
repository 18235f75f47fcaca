import { gzipSync } from 'node:zlib';

/**
 * Test-only: a tiny PMTiles v3 archive (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md)
 * holding the given tiles, a root directory (no leaf directories: a few thousand tiles at most) and
 * JSON metadata; uncompressed, or gzipped throughout as Protomaps' own extracts are.
 * Server tests and the browser tests' basemap (apps/web/e2e/support/basemap-extract.ts) use it.
 */

export interface FixtureTile {
  z: number;
  x: number;
  y: number;
  data: Buffer;
}

function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return bytes;
}

/** The spec's tile id: tiles of lower zooms first, then the Hilbert curve position within the zoom. */
export function tileId(z: number, x: number, y: number): number {
  let base = 0;
  for (let level = 0; level < z; level++) base += 4 ** level;
  const n = 2 ** z;
  let position = 0;
  let tx = x;
  let ty = y;
  for (let s = n / 2; s >= 1; s /= 2) {
    const rx = (tx & s) > 0 ? 1 : 0;
    const ry = (ty & s) > 0 ? 1 : 0;
    position += s * s * ((3 * rx) ^ ry);
    // rotate the quadrant
    if (ry === 0) {
      if (rx === 1) {
        tx = s - 1 - tx;
        ty = s - 1 - ty;
      }
      [tx, ty] = [ty, tx];
    }
  }
  return base + position;
}

export interface ArchiveOptions {
  /** The header's tile type: 1 Mapbox Vector Tile (the default), 2 PNG … */
  tileType?: number;
  /** `gzip` compresses the directory, the metadata and each tile, and says so in the header. */
  compression?: 'none' | 'gzip';
  /** [west, south, east, north] in degrees; the whole world when not given. */
  bounds?: [number, number, number, number];
  /** [longitude, latitude, zoom] a viewer starts at; the bounds' middle at the lowest zoom when not given. */
  center?: [number, number, number];
}

export function pmtilesArchive(tiles: FixtureTile[], metadata: Record<string, unknown>, options: ArchiveOptions = {}): Buffer {
  const { tileType = 1, compression = 'none', bounds = [-180, -85, 180, 85] } = options;
  const gzip = compression === 'gzip';
  const pack = (bytes: Buffer) => (gzip ? gzipSync(bytes) : bytes);
  const sorted = tiles.map((tile) => ({ ...tile, id: tileId(tile.z, tile.x, tile.y), data: pack(tile.data) })).sort((a, b) => a.id - b.id);
  const data = Buffer.concat(sorted.map((tile) => tile.data));
  const entries: { id: number; offset: number; length: number }[] = [];
  let offset = 0;
  for (const tile of sorted) {
    entries.push({ id: tile.id, offset, length: tile.data.length });
    offset += tile.data.length;
  }
  const directory = pack(Buffer.from([
    ...varint(entries.length),
    ...entries.flatMap((entry, i) => varint(entry.id - (i ? entries[i - 1].id : 0))),
    ...entries.flatMap(() => varint(1)),
    ...entries.flatMap((entry) => varint(entry.length)),
    // 0 = right after the previous entry's data, else the offset plus one
    ...entries.flatMap((entry, i) => varint(i && entry.offset === entries[i - 1].offset + entries[i - 1].length ? 0 : entry.offset + 1)),
  ]));
  // readers fetch the header and the root directory in one 16 KiB request; bigger archives need leaf directories
  if (127 + directory.length > 16_384) throw new Error(`${entries.length} tiles need leaf directories, which this fixture does not write`);
  const meta = pack(Buffer.from(JSON.stringify(metadata)));
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const rootOffset = 127;
  const metaOffset = rootOffset + directory.length;
  const dataOffset = metaOffset + meta.length;
  const u64 = (value: number, at: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(rootOffset, 8);
  u64(directory.length, 16);
  u64(metaOffset, 24);
  u64(meta.length, 32);
  u64(dataOffset, 40); // no leaf directories
  u64(0, 48);
  u64(dataOffset, 56);
  u64(data.length, 64);
  u64(sorted.length, 72);
  u64(sorted.length, 80);
  u64(sorted.length, 88);
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(gzip ? 2 : 1, 97); // internal compression: 1 none, 2 gzip
  header.writeUInt8(gzip ? 2 : 1, 98); // tile compression
  header.writeUInt8(tileType, 99);
  const minZoom = Math.min(...sorted.map((tile) => tile.z));
  header.writeUInt8(minZoom, 100);
  header.writeUInt8(Math.max(...sorted.map((tile) => tile.z)), 101);
  const e7 = (degrees: number) => Math.round(degrees * 1e7);
  const [west, south, east, north] = bounds;
  header.writeInt32LE(e7(west), 102);
  header.writeInt32LE(e7(south), 106);
  header.writeInt32LE(e7(east), 110);
  header.writeInt32LE(e7(north), 114);
  const [centerLon, centerLat, centerZoom] = options.center ?? [(west + east) / 2, (south + north) / 2, minZoom];
  header.writeUInt8(centerZoom, 118);
  header.writeInt32LE(e7(centerLon), 119);
  header.writeInt32LE(e7(centerLat), 123);
  return Buffer.concat([header, directory, meta, data]);
}
