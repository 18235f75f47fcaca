import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Helpers shared by the benchmarks: a real server process, free ports, percentiles, machine facts. */
export const root = path.resolve(import.meta.dirname, '..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  ports: Record<string, number>;
  dataDir: string;
  /** Stops the server; the data directory is removed unless kept for a restart. */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
}

/** BENCH_SERVER_LOG=file: the server logs every request (with its response time) there. */
const LOG = process.env.BENCH_SERVER_LOG;
/** BENCH_SERVER_NODE_ARGS: Node options for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles`. */
const NODE_ARGS = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

/** Starts the built server (apps/server/dist/main.js) on free ports with a fresh data directory. */
export async function startServer(env: Record<string, string> = {}, existingDataDir?: string): Promise<ServerProcess> {
  const dataDir = existingDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rastro-bench-'));
  const ports = { http: await freePort(), osmand: await freePort(), gt06: await freePort(), teltonika: await freePort(), h02: await freePort(), suntech: await freePort() };
  const child = spawn(process.execPath, [...NODE_ARGS, path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env, RASTRO_DATA_DIR: dataDir, RASTRO_HOST: '127.0.0.1', RASTRO_PORT: String(ports.http),
      RASTRO_OSMAND_PORT: String(ports.osmand), RASTRO_GT06_PORT: String(ports.gt06), RASTRO_TELTONIKA_PORT: String(ports.teltonika),
      RASTRO_H02_PORT: String(ports.h02), RASTRO_SUNTECH_PORT: String(ports.suntech), RASTRO_PROTOCOL_PORTS: '0', RASTRO_ADMIN_PASSWORD: 'bench',
      RASTRO_DEMO: '0', RASTRO_LOG_LEVEL: LOG ? 'info' : 'error', RASTRO_WEB_ROOT: '', DATABASE_URL: '', REDIS_URL: '', ...env,
    },
    stdio: ['ignore', LOG ? fs.openSync(LOG, 'a') : 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${ports.http}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    if (i > 300) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child, base, ports, dataDir,
    async stop(options = {}) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!options.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in as the bench administrator; returns the cookie header. */
export async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/api/session`, { method: 'POST', body: new URLSearchParams({ email: 'admin', password: 'bench' }) });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return response.headers.get('set-cookie')!.split(';')[0];
}

export async function api<T>(base: string, cookie: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(base + url, {
    method, headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
}
