import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TileCache, type CachedTile } from './cache.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rastro-tiles-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const tile = (text: string): CachedTile => ({ body: Buffer.from(text.padEnd(1000, '.')), contentType: 'image/png', freshUntil: 1, etag: null, lastModified: null });

describe('TileCache', () => {
  it('keeps tiles on disk across instances', async () => {
    const dir = tempDir();
    await new TileCache(dir, 1e6).put('osm/3/1/2', { ...tile('a'), etag: '"e"' });
    const read = await new TileCache(dir, 1e6).get('osm/3/1/2');
    expect(read?.body.toString().startsWith('a.')).toBe(true);
    expect(read?.etag).toBe('"e"');
    expect(await new TileCache(dir, 1e6).get('osm/3/1/3')).toBeNull();
  });

  it('removes the least recently used tiles past its size, down to nine tenths', async () => {
    const cache = new TileCache(tempDir(), 5500);
    for (const name of ['a', 'b', 'c', 'd', 'e']) await cache.put(`osm/5/0/${name}`, tile(name));
    // `a` used again: `b` is now the least recently used
    await cache.get('osm/5/0/a');
    await cache.put('osm/5/0/f', tile('f'));
    expect(await cache.size()).toBeLessThanOrEqual(5500 * 0.9);
    expect(await cache.get('osm/5/0/b')).toBeNull();
    expect(await cache.get('osm/5/0/a')).not.toBeNull();
    expect(await cache.get('osm/5/0/f')).not.toBeNull();
  });

  it('counts what an earlier run left, and drops its half-written files', async () => {
    const dir = tempDir();
    await new TileCache(dir, 1e6).put('osm/1/0/0', tile('x'));
    fs.writeFileSync(path.join(dir, 'osm', '1', '0', '1.tile.123.4.tmp'), 'partial');
    fs.writeFileSync(path.join(dir, 'osm', '1', '0', '2.tile'), 'garbage');
    const cache = new TileCache(dir, 1e6);
    expect(await cache.size()).toBe(fs.statSync(path.join(dir, 'osm', '1', '0', '0.tile')).size + 'garbage'.length);
    expect(fs.existsSync(path.join(dir, 'osm', '1', '0', '1.tile.123.4.tmp'))).toBe(false);
    // a file that is not a whole tile is no tile
    expect(await cache.get('osm/1/0/2')).toBeNull();
  });
});
