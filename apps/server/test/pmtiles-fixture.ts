/**
 * Test-only: a tiny PMTiles v3 archive (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md)
 * holding the given tiles uncompressed, with an uncompressed root directory (no leaf directories:
 * a few thousand tiles at most) and JSON metadata.
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

export function pmtilesArchive(tiles: FixtureTile[], metadata: Record<string, unknown>, tileType = 1): Buffer {
  const sorted = tiles.map((tile) => ({ ...tile, id: tileId(tile.z, tile.x, tile.y) })).sort((a, b) => a.id - b.id);
  const data = Buffer.concat(sorted.map((tile) => tile.data));
  const entries: { id: number; offset: number; length: number }[] = [];
  let offset = 0;
  for (const tile of sorted) {
    entries.push({ id: tile.id, offset, length: tile.data.length });
    offset += tile.data.length;
  }
  const directory = Buffer.from([
    ...varint(entries.length),
    ...entries.flatMap((entry, i) => varint(entry.id - (i ? entries[i - 1].id : 0))),
    ...entries.flatMap(() => varint(1)),
    ...entries.flatMap((entry) => varint(entry.length)),
    // 0 = right after the previous entry's data, else the offset plus one
    ...entries.flatMap((entry, i) => varint(i && entry.offset === entries[i - 1].offset + entries[i - 1].length ? 0 : entry.offset + 1)),
  ]);
  // readers fetch the header and the root directory in one 16 KiB request; bigger archives need leaf directories
  if (127 + directory.length > 16_384) throw new Error(`${entries.length} tiles need leaf directories, which this fixture does not write`);
  const meta = Buffer.from(JSON.stringify(metadata));
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
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(1, 98); // tile compression: none
  header.writeUInt8(tileType, 99);
  header.writeUInt8(Math.min(...sorted.map((tile) => tile.z)), 100);
  header.writeUInt8(Math.max(...sorted.map((tile) => tile.z)), 101);
  header.writeInt32LE(-180e7, 102);
  header.writeInt32LE(-85e7, 106);
  header.writeInt32LE(180e7, 110);
  header.writeInt32LE(85e7, 114);
  header.writeUInt8(0, 118);
  header.writeInt32LE(0, 119);
  header.writeInt32LE(0, 123);
  return Buffer.concat([header, directory, meta, data]);
}
