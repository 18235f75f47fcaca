import { createReadStream } from 'node:fs';
import { mkdir, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ClientError } from '../../domain/errors.ts';
import { requireUser } from '../auth.ts';
import { binaryRoutes, bodyBytes } from '../binary-body.ts';
import type { ApiContext } from '../context.ts';
import { latestPositionsHeld } from './latest-positions.ts';

/** A file of the web app an administrator uploads: logos, icons, a manifest, styles, a page. */
export const MAX_SERVER_FILE_BYTES = 5 * 1024 * 1024;

/** Folder of the data directory whose files are served in place of the web app's (Traccar's web.override). */
export const OVERRIDE_FOLDER = 'override';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_DEPTH = 5;

/**
 * The segments of a path inside the override folder, or null when it could name anything else:
 * letters, digits, '.', '-' and '_' only, no segment starting with '.' (so no '..', no hidden
 * files), at most five deep, and never under /api or /tarkan (never served from here).
 */
export function overrideSegments(relative: string): string[] | null {
  const segments = relative.split('/');
  if (segments.length > MAX_DEPTH || !segments.every((s) => SEGMENT.test(s))) return null;
  if (segments[0] === 'api' || segments[0] === 'tarkan') return null;
  return segments;
}

/** Content types of the files a web app is made of; anything else is served as bytes to download. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8', css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8', mjs: 'text/javascript; charset=utf-8',
  json: 'application/json', webmanifest: 'application/manifest+json', txt: 'text/plain; charset=utf-8', xml: 'application/xml',
  svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', ico: 'image/x-icon',
  woff: 'font/woff', woff2: 'font/woff2', ttf: 'font/ttf', mp3: 'audio/mpeg', ogg: 'audio/ogg', wav: 'audio/wav',
};

let timezoneIds: string[] | null = null;

/**
 * Traccar lists Java's TimeZone.getAvailableIDs(); Rastro lists the IANA zones its own runtime
 * knows (Intl), plus UTC and the fixed-offset Etc/GMT zones, so that every id offered is one the
 * server can compute with (reports' days, notification times). Sorted as Java's list is.
 */
export function timezones(): string[] {
  if (timezoneIds) return timezoneIds;
  const fixed = ['UTC', 'Etc/UTC', 'Etc/GMT', ...Array.from({ length: 26 }, (_, i) => i - 14).filter((n) => n !== 0).map((n) => `Etc/GMT${n > 0 ? '+' : ''}${n}`)];
  const usable = (zone: string) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  };
  timezoneIds = [...new Set([...Intl.supportedValuesOf('timeZone'), ...fixed.filter(usable)])].sort();
  return timezoneIds;
}

/**
 * The rest of Traccar's ServerResource: the time zones, the garbage collector, the cache
 * diagnostics and the upload of web app files (served in place of the web app's own, as Traccar's
 * override folder). `GET /api/server/geocode` belongs to the geocoding work.
 */
export function serverToolRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const overrideRoot = path.join(ctx.config.dataDir, OVERRIDE_FOLDER);

  app.get('/api/server/timezones', (request, reply) => {
    requireUser(request);
    return reply.send(timezones());
  });

  // Traccar calls System.gc() and answers 200. Node runs its collector only when started with
  // --expose-gc; otherwise the answer is still 200, saying that nothing was done.
  app.get('/api/server/gc', async (request, reply) => {
    ctx.guards.checkAdmin(requireUser(request));
    const gc = (globalThis as { gc?: () => void }).gc;
    const heap = () => `${(process.memoryUsage().heapUsed / 1048576).toFixed(1)} MB`;
    if (typeof gc !== 'function') {
      return reply.type('text/plain').send(`Garbage collection is not available: Node was started without --expose-gc (heap in use ${heap()})`);
    }
    const before = heap();
    gc();
    return reply.type('text/plain').send(`Garbage collection done: heap in use ${before} before, ${heap()} after`);
  });

  // Traccar answers its cache graph as text; here each cache of this node says what it holds.
  app.get('/api/server/cache', async (request, reply) => {
    ctx.guards.checkAdmin(requireUser(request));
    return reply.type('text/plain').send(cacheReport(ctx));
  });

  binaryRoutes(app, MAX_SERVER_FILE_BYTES, 'File size limit exceeded', (scope) => {
    scope.post('/api/server/file/:path', async (request, reply) => {
      ctx.guards.checkAdmin(requireUser(request));
      const relative = (request.params as { path: string }).path;
      const segments = overrideSegments(relative);
      if (!segments) {
        throw new ClientError('Invalid file path: letters, digits, ".", "-" and "_" only, in at most 5 folders, no name starting with "." and nothing under api/ or tarkan/');
      }
      const data = bodyBytes(request.body, 'File');
      const target = path.join(overrideRoot, ...segments);
      await mkdir(path.dirname(target), { recursive: true });
      // never through a link placed by hand inside the folder to somewhere outside it
      if (!isInside(await realpath(overrideRoot), await realpath(path.dirname(target)))) throw new ClientError('Invalid file path');
      if ((await stat(target).catch(() => null))?.isDirectory()) throw new ClientError('Invalid file path: a folder has that name');
      // written aside and renamed: a page being served never reads half a file
      const partial = path.join(path.dirname(target), `.upload-${randomBytes(6).toString('hex')}`);
      await writeFile(partial, data, { flag: 'wx' });
      try {
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      request.log.info(`web file ${segments.join('/')} uploaded (${data.length} bytes), served at /${segments.join('/')}`);
      return reply.code(200).send();
    });
  });

  // Traccar's OverrideFileFilter: a GET outside the API for a file of the override folder gets
  // that file, ahead of the web app's own (a logo, a manifest, the page).
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const url = request.url.split('?')[0];
    if (url.startsWith('/api') || url.startsWith('/tarkan') || url === '/' || url.endsWith('/')) return;
    let relative: string;
    try {
      relative = decodeURIComponent(url.slice(1));
    } catch {
      return;
    }
    const segments = overrideSegments(relative);
    if (!segments) return;
    const file = path.join(overrideRoot, ...segments);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return;
    const real = await realpath(file).catch(() => null);
    const root = await realpath(overrideRoot).catch(() => null);
    if (!real || !root || !isInside(root, real)) return;
    const extension = path.extname(file).slice(1).toLowerCase();
    reply
      .type(CONTENT_TYPES[extension] ?? 'application/octet-stream')
      .header('content-length', info.size)
      .header('cache-control', 'no-cache')
      .header('last-modified', info.mtime.toUTCString());
    return reply.send(request.method === 'HEAD' ? '' : createReadStream(file));
  });
}

function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root + path.sep);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The caches of this node as text, in the manner of Traccar's cache graph: what each holds, and
 * each device context with the objects it was made of (`Device(1)` then its groups, geofences,
 * maintenance, computed attributes, drivers and calendars).
 */
function cacheReport(ctx: ApiContext): string {
  const registry = ctx.registry.counts;
  const contexts = ctx.contexts.contents();
  const lines = [
    `ServerSettings: ${ctx.settings.isCached ? 'held' : 'not held'}`,
    `DeviceRegistry: ${plural(registry.rows, 'device')}, ${plural(registry.positions, 'latest position')}, ${plural(registry.unwritten, 'status')} not yet written`,
    `LatestPositions: ${plural(latestPositionsHeld(ctx), 'position')}`,
    `SocketHub: ${plural(ctx.hub.connectionCount, 'connection')}, visible devices of ${plural(ctx.hub.visibilityCount, 'user')}`,
    `GroupTree: ${contexts.groups === null ? 'not loaded' : plural(contexts.groups, 'group')}`,
    `DeviceContexts: ${plural(contexts.devices.length, 'device')}`,
  ];
  for (const deviceId of [...contexts.devices].sort((a, b) => a - b)) {
    const sources = contexts.sources.get(deviceId);
    lines.push(`  Device(${deviceId})${sources ? '' : ' loading'}`);
    if (!sources) continue;
    for (const id of sources.groupIds) lines.push(`    Group(${id})`);
    for (const [name, ids] of [['Geofence', sources.geofence], ['Maintenance', sources.maintenance], ['Attribute', sources.attribute],
      ['Driver', sources.driver], ['Calendar', sources.calendar]] as const) {
      for (const id of [...ids].sort((a, b) => a - b)) lines.push(`    ${name}(${id})`);
    }
  }
  return lines.join('\n');
}
