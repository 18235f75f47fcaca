/**
 * bench/security: does the server stay responsive under attack? `GET /api/server` latency
 * (p50/p99/max of a fixed number of sequential requests) while idle, during a flood of 32
 * concurrent wrong Basic-auth logins (PBKDF2 per attempt), during the longest reports the
 * server allows (a year-long one is refused: RASTRO_REPORT_MAX_DAYS), and during both at once.
 * The flood runs with the default login limits and with them off (every attempt then hashes).
 * The target: /api/server p99 under 50 ms while bad logins and a long report run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { api, login, machine, percentile, startServer, type ServerProcess } from './lib.ts';

const SAMPLES = 200;
/** A phase ends after SAMPLES requests or this long, whichever comes first (a frozen server answers few). */
const PHASE_MS = 30_000;
const FLOOD = 32;
const FLEET = 25;
const DAYS = 93; // the default RASTRO_REPORT_MAX_DAYS
const STEP = 300; // seconds between positions
const DAY = 86400;
const end = Math.floor(Date.now() / 1000 / DAY) * DAY;
const start = end - DAYS * DAY;
const iso = (s: number) => new Date(s * 1000).toISOString();

/** 93 days of positions every 5 minutes for each device, written straight into the database. */
function seed(file: string, deviceIds: number[]): number {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const insert = db.prepare('INSERT INTO tc_positions ("deviceId","protocol","serverTime","deviceTime","fixTime","valid","latitude","longitude","altitude","speed","course","accuracy","attributes") VALUES (?,?,?,?,?,1,?,?,0,?,0,0,?)');
  let count = 0;
  db.transaction(() => {
    for (const deviceId of deviceIds) {
      let total = 0;
      for (let t = start; t < end; t += STEP) {
        const moving = (t % DAY) > 7 * 3600 && (t % DAY) < 9 * 3600;
        total += moving ? 3000 : 0;
        insert.run(deviceId, 'osmand', t * 1000, t * 1000, t * 1000, -23.6 + total / 1e7, -46.7, moving ? 20 : 0, JSON.stringify({ motion: moving, totalDistance: total }));
        count++;
      }
    }
  })();
  db.close();
  return count;
}

interface Figures {
  p50: number;
  p99: number;
  max: number;
}

/** SAMPLES sequential GET /api/server, while `load` runs alongside. */
async function measure(base: string, load: { stop: () => Promise<string> } | null): Promise<Figures & { note: string }> {
  const times: number[] = [];
  const until = performance.now() + PHASE_MS;
  for (let i = 0; i < SAMPLES && performance.now() < until; i++) {
    const t0 = performance.now();
    const response = await fetch(`${base}/api/server`);
    await response.arrayBuffer();
    times.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const note = load ? await load.stop() : 'nothing else';
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times[times.length - 1], note: `${times.length} requests; ${note}` };
}

/**
 * The load runs in a worker thread with its own event loop: the 32 flooding clients' own work must
 * not delay the measuring requests in this thread, or the figures would time the load generator.
 */
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { clients, base, kind, cookie, urls } = workerData;
let running = true;
const outcomes = new Map();
const durations = [];
async function once(i) {
  if (kind === 'badLogin') {
    const response = await fetch(base + '/api/devices', { headers: { authorization: 'Basic ' + Buffer.from('admin:wrong-' + i).toString('base64') } });
    await response.arrayBuffer();
    return String(response.status);
  }
  const url = urls[i % urls.length];
  const response = await fetch(base + url, { headers: { cookie } });
  const body = await response.arrayBuffer();
  return url.split('?')[0] + ' ' + response.status + ' (' + (body.byteLength / 1e6).toFixed(1) + ' MB)';
}
const all = Array.from({ length: clients }, async (_, w) => {
  for (let i = 0; running; i++) {
    const t0 = performance.now();
    const outcome = await once(w * 1000000 + i).catch((error) => 'error ' + String(error));
    durations.push(performance.now() - t0);
    outcomes.set(outcome, (outcomes.get(outcome) || 0) + 1);
  }
});
parentPort.once('message', async () => {
  running = false;
  await Promise.all(all);
  parentPort.postMessage({ outcomes: [...outcomes], durations });
});
`;

type Load = { kind: 'badLogin' } | { kind: 'reports'; cookie: string; urls: string[] };

/** `clients` concurrent clients repeating the load until stopped; stop() says how many ran and how they were answered. */
function loop(clients: number, base: string, load: Load): { stop: () => Promise<string> } {
  const worker = new Worker(LOAD_WORKER, { eval: true, workerData: { clients, base, ...load } });
  return {
    async stop() {
      const done = new Promise<{ outcomes: [string, number][]; durations: number[] }>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const { outcomes, durations } = await done;
      await worker.terminate();
      durations.sort((a, b) => a - b);
      const answers = outcomes.map(([k, v]) => `${v}× ${k}`).join(', ');
      return `${answers}; each ${percentile(durations, 50).toFixed(0)} ms median`;
    },
  };
}

const badLogin: Load = { kind: 'badLogin' };

const reports = (cookie: string, deviceId: number): Load => ({
  kind: 'reports',
  cookie,
  urls: [
    `/api/reports/summary?daily=true&from=${iso(start)}&to=${iso(end - 1)}`,
    `/api/reports/route?deviceId=${deviceId}&from=${iso(start)}&to=${iso(end - 1)}`,
    `/api/reports/trips?from=${iso(start)}&to=${iso(end - 1)}`,
  ],
});

const rows: string[] = [];
let idle: Figures | null = null;
function record(server: string, phase: string, f: Figures & { note: string }): void {
  idle ??= f;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
  rows.push(`| ${server} | ${phase} | ${f.p50.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.max.toFixed(1)} | ${ratio(f.p50, idle.p50)} / ${ratio(f.p99, idle.p99)} | ${f.p99 < 50 ? 'yes' : 'no'} | ${f.note} |`);
  console.log(rows[rows.length - 1]);
}

/** The administrator is created just after the server answers /api/health: a first login may come too early. */
async function signIn(base: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await login(base);
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

console.log(`bench/security on ${machine()}`);
let server: ServerProcess = await startServer();
const cookie = await signIn(server.base);
const ids: number[] = [];
for (let i = 0; i < FLEET; i++) ids.push((await api<{ id: number }>(server.base, cookie, 'POST', '/api/devices', { name: `Fleet ${i}`, uniqueId: `sec-${i}` })).id);
await server.stop({ keepData: true });
const seedStart = performance.now();
const positions = seed(path.join(server.dataDir, 'rastro.db'), ids);
console.log(`seeded ${positions} positions (${FLEET} devices, ${DAYS} days, every ${STEP / 60} min) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
const dataDir = server.dataDir;

for (const [label, env] of [
  ['default login limits', {}],
  ['login limits off', { RASTRO_LOGIN_FAILURES_PER_ACCOUNT: '0', RASTRO_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: '0', RASTRO_LOGIN_FAILURES_PER_ADDRESS: '0' }],
] as const) {
  server = await startServer(env, dataDir);
  try {
    const session = await signIn(server.base);
    if (!idle) record(label, 'idle', await measure(server.base, null));
    record(label, `flood: ${FLOOD} concurrent wrong Basic logins`, await measure(server.base, loop(FLOOD, server.base, badLogin)));
    if (label === 'default login limits') {
      const t0 = performance.now();
      const year = await fetch(`${server.base}/api/reports/summary?daily=true&from=${iso(end - 365 * DAY)}&to=${iso(end)}`, { headers: { cookie: session } });
      console.log(`year-long daily summary: ${year.status} "${await year.text()}" in ${(performance.now() - t0).toFixed(1)} ms`);
      record(label, `longest allowed reports, one after another (${DAYS} days: daily summary of ${FLEET} devices, one device's route, trips of ${FLEET})`, await measure(server.base, loop(1, server.base, reports(session, ids[0]))));
    }
    const flood = loop(FLOOD, server.base, badLogin);
    const work = loop(1, server.base, reports(session, ids[0]));
    record(label, 'flood + longest allowed reports', await measure(server.base, { stop: async () => `flood: ${await flood.stop()}; reports: ${await work.stop()}` }));
  } finally {
    await server.stop({ keepData: true });
  }
}
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(`\n/api/server latency, up to ${SAMPLES} sequential requests or ${PHASE_MS / 1000} s per phase (ms)\n`);
console.log('| server | phase | p50 | p99 | max | vs idle (p50 / p99) | p99 < 50 ms | load answered |');
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
