import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { classicCell, gpsBlock, gt06Frame, loginFrame } from '../src/protocols/gt06/test-frames.ts';
import { CODEC_8 } from '../src/protocols/teltonika/gps-record.ts';
import { avlData, gpsRecord, imeiFrame, tcpPacket } from '../src/protocols/teltonika/test-frames.ts';
import { postgresAvailable, type Dialect, withServer } from './harness.ts';

/**
 * Trackers upload what they buffered during a coverage gap in one write and close at once, or
 * lose the link. Every frame the server read must be stored, whatever happens to the socket after.
 */
const dialects: Dialect[] = ['sqlite'];
if (await postgresAvailable()) dialects.push('postgres');

/** Whole seconds (GT06 carries no milliseconds), a day ago, one second apart: none is filtered as a duplicate. */
const START = Math.floor(Date.now() / 1000) * 1000 - 86_400_000;

function gt06Location(n: number): Buffer {
  const fix = { time: new Date(START + n * 1000), latitude: -23.55 + n * 1e-5, longitude: -46.63 - n * 1e-5, speedKmh: 30 };
  return gt06Frame(0x12, Buffer.concat([gpsBlock(fix), classicCell(724, 5, 1000, 2000)]), { serial: (n + 2) & 0xffff });
}

/** Login and `count` locations, as one buffer: what a tracker writes after a coverage gap. */
function gt06Batch(imei: string, count: number): Buffer {
  return Buffer.concat([loginFrame(imei), ...Array.from({ length: count }, (_, n) => gt06Location(n))]);
}

function teltonikaBatch(imei: string, packets: number, perPacket: number): Buffer {
  const frames = [imeiFrame(imei)];
  for (let p = 0; p < packets; p++) {
    const records = Array.from({ length: perPacket }, (_, r) => {
      const n = p * perPacket + r;
      return gpsRecord(CODEC_8, { time: new Date(START + n * 1000), latitude: -23.55 + n * 1e-5, longitude: -46.63, satellites: 9, speedKph: 30 });
    });
    frames.push(tcpPacket(avlData(CODEC_8, records)));
  }
  return Buffer.concat(frames);
}

/** Connects, writes `bytes` in one write, then closes the way `how` says once the write has left. */
async function upload(port: number, bytes: Buffer, how: 'end' | 'reset'): Promise<void> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  await new Promise<void>((resolve) => socket.write(bytes, () => resolve()));
  if (how === 'end') socket.end();
  else socket.resetAndDestroy();
}

describe.each(dialects)('frames read before the device goes away are stored (%s)', { timeout: 120_000 }, (dialect) => {
  const { server, admin } = withServer({ dialect });
  let nextImei = 0;

  async function device(prefix: string): Promise<{ id: number; uniqueId: string }> {
    const uniqueId = `${prefix}${String(nextImei++).padStart(15 - prefix.length, '0')}`;
    return admin.json('POST', '/api/devices', { name: uniqueId, uniqueId });
  }

  async function stored(deviceId: number): Promise<number> {
    const row = await server.rastro.db.kysely
      .selectFrom('tc_positions')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('deviceId', '=', deviceId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function status(deviceId: number): Promise<string> {
    const [row] = await admin.json<{ status: string }[]>('GET', `/api/devices?id=${deviceId}`);
    return row.status;
  }

  // PostgreSQL commits each frame of a connection in turn (~8 ms each here): generous on a busy machine.
  const poll = { timeout: 50_000, interval: 50 };

  it('GT06: login + 500 locations in one write, then FIN: all 500 stored, and the device ends offline', async () => {
    const tracker = await device('86');
    await upload(server.port('gt06'), gt06Batch(tracker.uniqueId, 500), 'end');
    await expect.poll(() => stored(tracker.id), poll).toBe(500);
    // `disconnected` runs after the last frame: the device does not stay online.
    await expect.poll(() => status(tracker.id), poll).toBe('offline');
    expect(await stored(tracker.id)).toBe(500);
  });

  it('GT06: the same, then a hard drop (RST): every frame read (all 500) is stored', async () => {
    const tracker = await device('86');
    await upload(server.port('gt06'), gt06Batch(tracker.uniqueId, 500), 'reset');
    await expect.poll(() => stored(tracker.id), poll).toBe(500);
    await expect.poll(() => status(tracker.id), poll).toBe('offline');
  });

  it('GT06: 50 trackers × 100 locations, all at once, each closing at once: all 5,000 stored', async () => {
    const trackers = await Promise.all(Array.from({ length: 50 }, () => device('86')));
    await Promise.all(trackers.map((t, i) => upload(server.port('gt06'), gt06Batch(t.uniqueId, 100), i % 2 ? 'end' : 'reset')));
    await expect.poll(async () => (await Promise.all(trackers.map((t) => stored(t.id)))).reduce((a, b) => a + b, 0), poll).toBe(5000);
  });

  it('Teltonika: IMEI + 50 AVL packets of 10 records in one write, then FIN or RST: all 500 stored', async () => {
    for (const how of ['end', 'reset'] as const) {
      const tracker = await device('35');
      await upload(server.port('teltonika'), teltonikaBatch(tracker.uniqueId, 50, 10), how);
      await expect.poll(() => stored(tracker.id), poll).toBe(500);
      await expect.poll(() => status(tracker.id), poll).toBe('offline');
    }
  });
});
