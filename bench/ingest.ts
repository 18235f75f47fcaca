/**
 * bench/ingest: durable ingestion over GT06. 200 trackers, each on its own TCP connection,
 * log in and stream positions; a position counts only when the server acknowledged it AND the
 * API returns it afterwards. Then the delay from a tracker's message to the WebSocket frame
 * at a steady 1,000 positions per second. Then trackers back from a coverage gap: each writes
 * its login and every buffered position in one write and closes at once (FIN, or a reset), and
 * the API is asked how many were stored. Runs on SQLite, and on PostgreSQL when reachable.
 *
 *   npm run bench -- ingest            (after a build; `npm run bench` builds first)
 */
import net from 'node:net';
import pg from 'pg';
import WebSocket from 'ws';
import { classicCell, gpsBlock, gt06Frame, loginFrame } from '../apps/server/src/protocols/gt06/test-frames.ts';
import { api, login, machine, percentile, startServer, type ServerProcess } from './lib.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 200);
const PER_DEVICE = Number(process.env.BENCH_PER_DEVICE ?? 300);
const WINDOW = 16; // unacknowledged frames a tracker may have in flight
const RATE = 1000; // positions per second for the latency run
const LATENCY_SECONDS = 10;
const ACK_LENGTH = 10;

interface Tracker {
  imei: string;
  deviceId: number;
  socket: net.Socket;
  acked: number;
  onAck: (() => void) | null;
}

function imeiOf(i: number): string {
  return `86000000${String(i).padStart(7, '0')}`;
}

function location(serial: number, time: Date, i: number): Buffer {
  const fix = { time, latitude: -23.55 + (i % 100) * 1e-4, longitude: -46.63 - (i % 100) * 1e-4, speedKmh: 40, course: 90 };
  return gt06Frame(0x12, Buffer.concat([gpsBlock(fix), classicCell(724, 5, 1000, 2000)]), { serial: serial & 0xffff });
}

async function connect(port: number, imei: string, deviceId: number): Promise<Tracker> {
  const socket = net.connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  const tracker: Tracker = { imei, deviceId, socket, acked: 0, onAck: null };
  let pending = 0;
  socket.on('data', (chunk) => {
    pending += chunk.length;
    while (pending >= ACK_LENGTH) {
      pending -= ACK_LENGTH;
      tracker.acked++;
      tracker.onAck?.();
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  const loginAck = tracker.acked + 1;
  socket.write(loginFrame(imei));
  await new Promise<void>((resolve) => {
    tracker.onAck = () => tracker.acked >= loginAck && resolve();
  });
  tracker.acked = 0;
  return tracker;
}

/** Each tracker streams PER_DEVICE positions with at most WINDOW unacknowledged. */
async function stream(tracker: Tracker, start: number): Promise<void> {
  let sent = 0;
  await new Promise<void>((resolve) => {
    const pump = () => {
      while (sent < PER_DEVICE && sent - tracker.acked < WINDOW) {
        tracker.socket.write(location(sent + 2, new Date(start + sent * 1000), sent));
        sent++;
      }
      if (tracker.acked >= PER_DEVICE) resolve();
    };
    tracker.onAck = pump;
    pump();
  });
}

async function run(label: string, server: ServerProcess): Promise<string[]> {
  const cookie = await login(server.base);
  const trackers: Tracker[] = [];
  for (let i = 0; i < DEVICES; i++) {
    const device = await api<{ id: number }>(server.base, cookie, 'POST', '/api/devices', { name: `Bench ${i}`, uniqueId: imeiOf(i) });
    trackers.push(await connect(server.ports.gt06, imeiOf(i), device.id));
  }

  // 1. Throughput: everything acknowledged, then counted back through the API.
  // whole seconds: GT06 carries no milliseconds
  const start = Math.floor(Date.now() / 1000) * 1000 - 2 * 86400_000;
  const t0 = performance.now();
  await Promise.all(trackers.map((t) => stream(t, start)));
  const seconds = (performance.now() - t0) / 1000;
  const acked = trackers.reduce((n, t) => n + t.acked, 0);
  let stored = 0;
  const from = new Date(start - 1000).toISOString();
  const to = new Date(start + PER_DEVICE * 1000).toISOString();
  for (const t of trackers) stored += (await api<unknown[]>(server.base, cookie, 'GET', `/api/positions?deviceId=${t.deviceId}&from=${from}&to=${to}`)).length;

  // 2. Latency: a steady RATE over all trackers; message sent -> positions frame on the socket.
  const ws = new WebSocket(`${server.base.replace('http', 'ws')}/api/socket`, { headers: { cookie } });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const sentAt = new Map<string, number>();
  const delays: number[] = [];
  ws.on('message', (data) => {
    const now = performance.now();
    const frame = JSON.parse((data as Buffer).toString()) as { positions?: { deviceId: number; fixTime: string }[] };
    for (const p of frame.positions ?? []) {
      const key = `${p.deviceId}:${Date.parse(p.fixTime)}`;
      const at = sentAt.get(key);
      if (at !== undefined) {
        delays.push(now - at);
        sentAt.delete(key);
      }
    }
  });
  for (const t of trackers) t.onAck = null;
  const base = Math.floor(Date.now() / 1000) * 1000 - 86400_000;
  const total = RATE * LATENCY_SECONDS;
  const tick = 10;
  const perTick = (RATE * tick) / 1000;
  const begin = performance.now();
  for (let n = 0; n < total; ) {
    const due = Math.min(total, Math.floor(((performance.now() - begin) / 1000) * RATE) + perTick);
    for (; n < due; n++) {
      const t = trackers[n % trackers.length];
      const time = base + Math.floor(n / trackers.length) * 1000;
      sentAt.set(`${t.deviceId}:${time}`, performance.now());
      t.socket.write(location(PER_DEVICE + n + 2, new Date(time), n));
    }
    await new Promise((r) => setTimeout(r, tick));
  }
  const deadline = performance.now() + 10_000;
  while (delays.length < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  ws.close();
  for (const t of trackers) t.socket.destroy();
  delays.sort((a, b) => a - b);

  return [
    `| ${label} | ingest | ${DEVICES} GT06 trackers × ${PER_DEVICE} positions | ${(acked / seconds).toFixed(0)} positions/s acknowledged | ${stored} of ${acked} returned by the API (${acked - stored} lost) |`,
    `| ${label} | live delay | ${RATE} positions/s for ${LATENCY_SECONDS} s | p50 ${percentile(delays, 50).toFixed(1)} ms, p99 ${percentile(delays, 99).toFixed(1)} ms, max ${delays.at(-1)?.toFixed(1)} ms | ${delays.length} of ${total} frames received |`,
  ];
}

/** Login and `count` locations in one buffer, as a tracker uploads what it kept during a coverage gap. */
function backlog(imei: string, count: number, start: number): Buffer {
  return Buffer.concat([loginFrame(imei), ...Array.from({ length: count }, (_, n) => location(n + 2, new Date(start + n * 1000), n))]);
}

/** Writes the backlog in one write and closes as soon as it has left: a FIN (`end`) or a reset. */
async function uploadAndClose(port: number, bytes: Buffer, how: 'end' | 'reset'): Promise<void> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  await new Promise<void>((resolve) => socket.write(bytes, () => resolve()));
  if (how === 'end') socket.end();
  else socket.resetAndDestroy();
}

/**
 * `trackers` devices each upload `count` positions and close. Done when every device's latest
 * position is its last one sent, or when nothing changed for 3 s (positions were lost); then
 * every device's positions are counted through the API.
 */
async function closeScenario(server: ServerProcess, cookie: string, label: string, trackers: number, count: number, how: 'end' | 'reset', offset: number): Promise<string> {
  const devices: { id: number; imei: string }[] = [];
  for (let i = 0; i < trackers; i++) {
    const imei = imeiOf(offset + i);
    devices.push({ imei, id: (await api<{ id: number }>(server.base, cookie, 'POST', '/api/devices', { name: `Gap ${offset + i}`, uniqueId: imei })).id });
  }
  const start = Math.floor(Date.now() / 1000) * 1000 - 3 * 86400_000;
  const last = new Date(start + (count - 1) * 1000).getTime();
  const t0 = performance.now();
  await Promise.all(devices.map((d) => uploadAndClose(server.ports.gt06, backlog(d.imei, count, start), how)));
  const ids = new Set(devices.map((d) => d.id));
  let changedAt = performance.now();
  let finishedAt = changedAt;
  let previous = '';
  while (performance.now() - changedAt < 3000) {
    const latest = (await api<{ deviceId: number; fixTime: string }[]>(server.base, cookie, 'GET', '/api/positions')).filter((p) => ids.has(p.deviceId));
    const seen = latest.map((p) => p.fixTime).sort().join();
    if (seen !== previous) {
      previous = seen;
      changedAt = finishedAt = performance.now();
    }
    const done = latest.filter((p) => Date.parse(p.fixTime) === last).length;
    if (done === trackers) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (finishedAt - t0) / 1000;
  const from = new Date(start - 1000).toISOString();
  const to = new Date(last + 1000).toISOString();
  let stored = 0;
  for (const d of devices) stored += (await api<unknown[]>(server.base, cookie, 'GET', `/api/positions?deviceId=${d.id}&from=${from}&to=${to}`)).length;
  const sent = trackers * count;
  return `| ${label} | upload then ${how === 'end' ? 'close (FIN)' : 'drop (RST)'} | ${trackers} GT06 tracker${trackers > 1 ? 's' : ''} × ${count} positions in one write | ${(sent / seconds).toFixed(0)} positions/s, last stored after ${seconds.toFixed(2)} s | ${stored} of ${sent} stored${stored < sent ? ` (${sent - stored} lost)` : ''} |`;
}

async function closeScenarios(label: string, server: ServerProcess): Promise<string[]> {
  const cookie = await login(server.base);
  return [
    await closeScenario(server, cookie, label, 1, 500, 'end', 100_000),
    await closeScenario(server, cookie, label, 1, 500, 'reset', 100_001),
    await closeScenario(server, cookie, label, 200, 250, 'end', 100_100),
  ];
}

async function postgresUrl(): Promise<string | null> {
  const admin = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
    await client.query('DROP DATABASE IF EXISTS rastro_bench');
    await client.query('CREATE DATABASE rastro_bench');
    return admin.replace(/\/[^/]*$/, '/rastro_bench');
  } catch (error) {
    console.warn(`PostgreSQL not reachable, skipped: ${String(error)}`);
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

console.log(`bench/ingest on ${machine()}`);
console.log('| database | measure | load | result | check |');
console.log('|---|---|---|---|---|');
const sqlite = await startServer();
try {
  for (const line of await run('SQLite', sqlite)) console.log(line);
  for (const line of await closeScenarios('SQLite', sqlite)) console.log(line);
} finally {
  await sqlite.stop();
}
const pgUrl = await postgresUrl();
if (pgUrl) {
  const server = await startServer({ DATABASE_URL: pgUrl });
  try {
    for (const line of await run('PostgreSQL', server)) console.log(line);
    for (const line of await closeScenarios('PostgreSQL', server)) console.log(line);
  } finally {
    await server.stop();
  }
}
