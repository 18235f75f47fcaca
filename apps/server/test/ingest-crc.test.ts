import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { classicCell, gpsBlock, gt06Frame, loginFrame } from '../src/protocols/gt06/test-frames.ts';
import { CODEC_8 } from '../src/protocols/teltonika/gps-record.ts';
import { avlData, gpsRecord, imeiFrame, tcpPacket } from '../src/protocols/teltonika/test-frames.ts';
import { postgresAvailable, type Dialect, withServer } from './harness.ts';

/**
 * A frame whose checksum does not match is line noise or broken firmware: by default it is not
 * stored (nor acknowledged); RASTRO_ACCEPT_BAD_CRC stores it, per protocol, as Traccar does.
 */
const dialects: Dialect[] = ['sqlite'];
if (await postgresAvailable()) dialects.push('postgres');

const START = Math.floor(Date.now() / 1000) * 1000 - 86_400_000;

function gt06Location(n: number): Buffer {
  const fix = { time: new Date(START + n * 1000), latitude: -23.55 + n * 1e-4, longitude: -46.63 };
  return gt06Frame(0x12, Buffer.concat([gpsBlock(fix), classicCell(724, 5, 1000, 2000)]), { serial: n + 2 });
}

/** One bit of the latitude flipped, CRC left as it was. */
function corrupt(frame: Buffer, at: number): Buffer {
  const copy = Buffer.from(frame);
  copy[at] ^= 0x01;
  return copy;
}

function teltonikaPacket(n: number): Buffer {
  return tcpPacket(avlData(CODEC_8, [gpsRecord(CODEC_8, { time: new Date(START + n * 1000), latitude: -23.55 + n * 1e-4, longitude: -46.63, satellites: 9 })]));
}

async function upload(port: number, bytes: Buffer): Promise<void> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  await new Promise<void>((resolve) => socket.write(bytes, () => resolve()));
  socket.end();
}

describe.each(dialects)('checksums (%s)', { timeout: 120_000 }, (dialect) => {
  // setting -> GT06 stored of (good, bad, good) and Teltonika stored of (good, bad)
  describe.each([
    { setting: undefined, gt06: 2, teltonika: 1 },
    { setting: 'gt06', gt06: 3, teltonika: 1 },
    { setting: 'all', gt06: 3, teltonika: 2 },
  ])('RASTRO_ACCEPT_BAD_CRC=$setting', ({ setting, gt06, teltonika }) => {
    const { server, admin } = withServer({ dialect, env: setting ? { RASTRO_ACCEPT_BAD_CRC: setting } : {} });

    async function positionsOnceOffline(deviceId: number): Promise<number> {
      // The device turns offline once the listener handled everything it read.
      await expect.poll(async () => (await admin.json('GET', `/api/devices?id=${deviceId}`))[0].status, { timeout: 50_000 }).toBe('offline');
      const from = new Date(START - 1000).toISOString();
      const to = new Date(START + 100_000).toISOString();
      return (await admin.json<unknown[]>('GET', `/api/positions?deviceId=${deviceId}&from=${from}&to=${to}`)).length;
    }

    it(`GT06: a location with a bad CRC between two good ones: ${gt06} of 3 stored`, async () => {
      const device = await admin.json('POST', '/api/devices', { name: 'gt06', uniqueId: '864717003283581' });
      await upload(server.port('gt06'), Buffer.concat([loginFrame('864717003283581'), gt06Location(0), corrupt(gt06Location(1), 12), gt06Location(2)]));
      expect(await positionsOnceOffline(device.id)).toBe(gt06);
    });

    it(`Teltonika: a packet with a bad CRC after a good one: ${teltonika} of 2 stored`, async () => {
      const device = await admin.json('POST', '/api/devices', { name: 'fmb', uniqueId: '356307042441013' });
      await upload(server.port('teltonika'), Buffer.concat([imeiFrame('356307042441013'), teltonikaPacket(0), corrupt(teltonikaPacket(1), 30)]));
      expect(await positionsOnceOffline(device.id)).toBe(teltonika);
    });
  });
});
