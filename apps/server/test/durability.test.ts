import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, reportOsmAnd } from './harness.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** The real server as its own process (TypeScript sources through tsx), so it can be killed -9. */
async function launch(dataDir: string, port: number, osmandPort: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env, RASTRO_DATA_DIR: dataDir, RASTRO_PORT: String(port), RASTRO_OSMAND_PORT: String(osmandPort),
      RASTRO_HOST: '127.0.0.1', RASTRO_ADMIN_PASSWORD: 'durable', RASTRO_DEMO: '0', RASTRO_LOG_LEVEL: 'warn',
      RASTRO_WEB_ROOT: '', DATABASE_URL: '', REDIS_URL: '',
      // ports of the protocols this test does not use: any free port
      RASTRO_PROTOCOL_PORTS: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${stderr}`);
}

describe('durability', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rastro-durable-'));
  let child: ChildProcess | null = null;
  afterAll(() => {
    child?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged position when the server is killed -9 mid-stream', async () => {
    const [port, osmandPort] = [await freePort(), await freePort()];
    child = await launch(dataDir, port, osmandPort);
    const base = `http://127.0.0.1:${port}`;
    const admin = await Client.login(base, 'admin', 'durable');
    const devices = [];
    for (let i = 0; i < 5; i++) devices.push(await admin.json('POST', '/api/devices', { name: `Durable ${i}`, uniqueId: `durable-${i}` }));

    // Five devices stream concurrently; the server is killed while requests are in flight.
    const acknowledged = new Map<string, number[]>();
    const t0 = Math.floor(Date.now() / 1000) - 10_000;
    let killed = false;
    const streams = devices.map(async (device, d) => {
      const acked: number[] = [];
      acknowledged.set(device.uniqueId, acked);
      for (let i = 0; !killed; i++) {
        const timestamp = t0 + i;
        const response = await reportOsmAnd(`http://127.0.0.1:${osmandPort}`, { id: device.uniqueId, lat: -23.5 + i * 1e-4, lon: -46.6 + d * 1e-3, timestamp })
          .catch(() => null);
        if (response?.status === 200) acked.push(timestamp);
        else break;
      }
    });
    await new Promise((r) => setTimeout(r, 1500));
    child.kill('SIGKILL');
    killed = true;
    await Promise.all(streams);
    const total = [...acknowledged.values()].reduce((n, list) => n + list.length, 0);
    expect(total).toBeGreaterThan(50);

    child = await launch(dataDir, port, osmandPort);
    const again = await Client.login(base, 'admin', 'durable');
    for (const device of devices) {
      const acked = acknowledged.get(device.uniqueId)!;
      const stored = await again.json('GET', `/api/positions?deviceId=${device.id}&from=${new Date((t0 - 1) * 1000).toISOString()}&to=${new Date(Date.now() + 86400_000).toISOString()}`);
      const times = new Set(stored.map((p: { fixTime: string }) => Date.parse(p.fixTime) / 1000));
      const lost = acked.filter((t) => !times.has(t));
      expect(lost, `${device.uniqueId}: ${lost.length} of ${acked.length} acknowledged positions lost`).toEqual([]);
    }
  }, 60_000);
});
