/**
 * bench/cache-change: what one configuration change costs the caches of a 10,000-device fleet on
 * SQLite. The fleet (110 groups in two levels, a geofence on every group) is seeded directly; each
 * device reports once, so every device is online in the registry with its context loaded. Then a
 * device is renamed through the HTTP API, and the SQL statements are counted until the server is
 * idle again, then over the next position of 100 other devices and of the renamed one. The same
 * for a group rename (100 devices in the group). Statements are counted at the driver
 * (better-sqlite3), so Kysely's queries and the position writer's alike.
 *
 * The server runs in this process. With BENCH_BASELINE_TREE=<dir> (a checkout of an earlier
 * commit, with node_modules) the same is measured on that tree first, as the baseline.
 *
 *   node --import tsx bench/cache-change.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/schema.ts';
import { api, freePort, login, machine, root } from './lib.ts';

const FLEET = 10_000;
const PARENTS = 10;
const CHILDREN = 10; // per parent: 100 leaf groups of 100 devices
const SAMPLE = 100;
const CONCURRENCY = 16;

/** The QR drivers' sweep runs every 30 s whatever happens; it is left out of the counts. */
const background = (sql: string) => sql.includes('tarkan.qr');

/** Every statement better-sqlite3 runs, by its SQL text, while `capture` is on; `total` always. */
const statements = { total: 0, capture: null as string[] | null };
{
  const probe = new SQLite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>;
  for (const method of ['run', 'get', 'all', 'iterate']) {
    const original = proto[method];
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      statements.total++;
      if (!background(this.source)) statements.capture?.push(this.source);
      return original.apply(this, args);
    };
  }
  probe.close();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until no statement has run for `quietMs` (the registry writes status once a second). */
async function idle(quietMs = 1500): Promise<void> {
  for (let last = -1; last !== statements.total;) {
    last = statements.total;
    await sleep(quietMs);
  }
}

/** Statements run by `work` and until the server is idle again. */
async function counted(work: () => Promise<unknown>): Promise<string[]> {
  await idle();
  const captured: string[] = [];
  statements.capture = captured;
  try {
    await work();
    await idle();
  } finally {
    statements.capture = null;
  }
  return captured;
}

type SeedAdmin = (db: Kysely<Database>, email: string, password: string) => Promise<unknown>;

/** The part of a tree's server.ts used here (typed by hand: the baseline tree is another version). */
interface ServerModule {
  startRastro: (config: unknown, options: { seed: (db: { kysely: Kysely<Database> }) => Promise<void> }) => Promise<{ port: number; stop: () => Promise<void> }>;
}

async function seed(db: Kysely<Database>, seedAdmin: SeedAdmin): Promise<void> {
  await seedAdmin(db, 'admin', 'bench');
  await db.transaction().execute(async (trx) => {
    const leaves: number[] = [];
    for (let p = 0; p < PARENTS; p++) {
      const parent = await trx.insertInto('tc_groups').values({ name: `Região ${p}`, groupId: null, attributes: '{}' }).returning('id').executeTakeFirstOrThrow();
      const groups = [parent.id];
      for (let c = 0; c < CHILDREN; c++) {
        const child = await trx.insertInto('tc_groups').values({ name: `Frota ${p}.${c}`, groupId: parent.id, attributes: '{}' }).returning('id').executeTakeFirstOrThrow();
        groups.push(child.id);
        leaves.push(child.id);
      }
      for (const groupId of groups) {
        const fence = await trx.insertInto('tc_geofences')
          .values({ name: `Área ${groupId}`, description: null, area: `CIRCLE (${-23.5 - p * 0.01} ${-46.6 - groupId * 0.001}, 500)`, calendarId: null, attributes: '{}' })
          .returning('id').executeTakeFirstOrThrow();
        await trx.insertInto('tc_group_geofence').values({ groupId, geofenceId: fence.id }).execute();
      }
    }
    for (let i = 0; i < FLEET; i += 1000) {
      await trx.insertInto('tc_devices').values(Array.from({ length: 1000 }, (_, k) => ({
        name: `Veículo ${i + k}`, uniqueId: `cc${i + k}`, status: null, lastUpdate: null, positionId: null,
        groupId: leaves[Math.floor((i + k) / (FLEET / leaves.length))], calendarId: null, phone: null, model: null, contact: null,
        category: null, disabled: 0, expirationTime: null, attributes: '{}',
      }))).execute();
    }
  });
}

interface Figures {
  warm: number;
  deviceRename: number;
  othersBefore: number;
  othersAfterDevice: number;
  renamedNext: number;
  groupRename: number;
  groupBefore: number;
  groupAfter: number;
}

/** Starts the server of `tree` in this process on a fresh database and measures it. */
async function measure(tree: string): Promise<Figures> {
  const { startRastro } = (await import(path.join(tree, 'apps/server/src/server.ts'))) as ServerModule;
  const { loadConfig } = (await import(path.join(tree, 'apps/server/src/config/config.ts'))) as { loadConfig: (env: Record<string, string>) => unknown };
  const { seedAdmin } = (await import(path.join(tree, 'apps/server/src/db/seed.ts'))) as { seedAdmin: SeedAdmin };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rastro-bench-'));
  const ports = { http: await freePort(), osmand: await freePort() };
  const config = loadConfig({
    RASTRO_HOST: '127.0.0.1', RASTRO_PORT: String(ports.http), RASTRO_OSMAND_PORT: String(ports.osmand), RASTRO_PROTOCOL_PORTS: '0',
    RASTRO_DATA_DIR: dataDir, RASTRO_WEB_ROOT: '',
    RASTRO_LOG_LEVEL: 'error', RASTRO_DEMO: '0', RASTRO_BILLING_SWEEP_MINUTES: '0', RASTRO_PUSH: '0',
  });
  const rastro = await startRastro(config, { seed: (db) => seed(db.kysely, seedAdmin) });
  const base = `http://127.0.0.1:${rastro.port}`;
  const osmand = `http://127.0.0.1:${ports.osmand}`;
  try {
    const cookie = await login(base);
    let clock = Math.floor(Date.now() / 1000) - 86400;
    const report = async (uniqueId: string) => {
      const response = await fetch(`${osmand}/?id=${uniqueId}&lat=-23.55&lon=-46.63&speed=10&timestamp=${++clock}`, { method: 'POST' });
      if (response.status !== 200) throw new Error(`position of ${uniqueId}: ${response.status}`);
    };
    const reportAll = async (uniqueIds: string[]) => {
      for (let i = 0; i < uniqueIds.length; i += CONCURRENCY) await Promise.all(uniqueIds.slice(i, i + CONCURRENCY).map(report));
    };
    const fleet = Array.from({ length: FLEET }, (_, i) => `cc${i}`);
    const warm = await counted(() => reportAll(fleet));

    // a device of the first leaf group is renamed; the sample reports from other groups
    const devices = await api<{ id: number; uniqueId: string; groupId: number }[]>(base, cookie, 'GET', '/api/devices?all=true&excludeAttributes=true');
    const renamed = devices.find((d) => d.uniqueId === 'cc0')!;
    const others = fleet.slice(FLEET / 2, FLEET / 2 + SAMPLE);
    const othersBefore = await counted(() => reportAll(others));
    const full = await api<Record<string, unknown>>(base, cookie, 'GET', `/api/devices/${renamed.id}`);
    const deviceRename = await counted(() => api(base, cookie, 'PUT', `/api/devices/${renamed.id}`, { ...full, name: 'Veículo renomeado' }));
    const othersAfterDevice = await counted(() => reportAll(others));
    const renamedNext = await counted(() => report('cc0'));

    // a leaf group of 100 devices is renamed; the sample is its devices
    const groups = await api<{ id: number; name: string }[]>(base, cookie, 'GET', '/api/groups?all=true');
    const group = groups.find((g) => g.id === devices.find((d) => d.uniqueId === `cc${FLEET / 4}`)!.groupId)!;
    const members = devices.filter((d) => d.groupId === group.id).map((d) => d.uniqueId).slice(0, SAMPLE);
    await reportAll(members); // loaded again, whatever the device rename dropped
    const groupBefore = await counted(() => reportAll(members));
    const groupRename = await counted(() => api(base, cookie, 'PUT', `/api/groups/${group.id}`, { ...group, name: `${group.name} (renomeada)` }));
    const groupAfter = await counted(() => reportAll(members));
    return {
      warm: warm.length, deviceRename: deviceRename.length, othersBefore: othersBefore.length, othersAfterDevice: othersAfterDevice.length,
      renamedNext: renamedNext.length, groupRename: groupRename.length, groupBefore: groupBefore.length, groupAfter: groupAfter.length,
    };
  } finally {
    await rastro.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const baselineTree = process.env.BENCH_BASELINE_TREE;
const baseline = baselineTree ? await measure(path.resolve(baselineTree)) : null;
const current = await measure(root);

const perPosition = (n: number) => (n / SAMPLE).toFixed(1);
const rows: [string, (f: Figures) => string][] = [
  [`warm-up: one position from each of ${FLEET.toLocaleString('en')} devices`, (f) => f.warm.toLocaleString('en')],
  ['rename one device (PUT /api/devices/:id), until idle', (f) => f.deviceRename.toLocaleString('en')],
  [`next position of ${SAMPLE} other devices: before the rename → after (per position)`,
    (f) => `${perPosition(f.othersBefore)} → ${perPosition(f.othersAfterDevice)}`],
  ['next position of the renamed device', (f) => f.renamedNext.toLocaleString('en')],
  [`rename one group of ${SAMPLE} devices (PUT /api/groups/:id), until idle`, (f) => f.groupRename.toLocaleString('en')],
  [`next position of its ${SAMPLE} devices: before the rename → after (per position)`,
    (f) => `${perPosition(f.groupBefore)} → ${perPosition(f.groupAfter)}`],
];
console.log(`\n### bench/cache-change — SQL statements (${machine()}, SQLite)\n`);
console.log(baseline ? '| measure | baseline | this tree |\n|---|---|---|' : '| measure | statements |\n|---|---|');
for (const [label, value] of rows) console.log(baseline ? `| ${label} | ${value(baseline)} | ${value(current)} |` : `| ${label} | ${value(current)} |`);
if (baseline) {
  const ratio = (b: number, c: number) => `${Math.round(b / Math.max(c, 1)).toLocaleString('en')}×`;
  const extra = (f: Figures) => [f.othersAfterDevice - f.othersBefore, f.groupAfter - f.groupBefore].map((n) => n.toLocaleString('en'));
  const [deviceBase, groupBase] = extra(baseline);
  const [deviceNow, groupNow] = extra(current);
  console.log(`\nrenames: device ${ratio(baseline.deviceRename, current.deviceRename)} fewer statements, group ${ratio(baseline.groupRename, current.groupRename)}; `
    + `statements the rename added to the next ${SAMPLE} positions: device ${deviceBase} → ${deviceNow}, group ${groupBase} → ${groupNow}`);
}
