import { describe, expect, it } from 'vitest';
import { listenerTestbed } from '../testing/listener-testbed.ts';
import { RecordingContext } from '../testing/recording-context.ts';
import { until, type TcpDevice } from '../testing/tcp-device.ts';
import { gt06Codec } from './codec.ts';
import { classicCell, gpsBlock, gt06Frame, loginFrame } from './test-frames.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

const IMEI = '864717003283581';

// Frames by their line in Traccar's Gt06ProtocolDecoderTest (vectors/traccar/gt06.json).
const gt06 = traccarFrames('gt06');

const location = gt06Frame(
  0x12,
  Buffer.concat([gpsBlock({ time: new Date('2024-05-01T10:00:00Z'), latitude: -23.5614, longitude: -46.6559 }), classicCell(724, 5, 1, 2)]),
  { serial: 2 },
);

const testbed = listenerTestbed();

async function start(acceptBadChecksum = false): Promise<{ ctx: RecordingContext; open: () => TcpDevice }> {
  const ctx = new RecordingContext((uniqueId) => (uniqueId === IMEI ? 7 : null));
  const { open } = await testbed.tcp(ctx, gt06Codec, { acceptBadChecksum });
  return { ctx, open };
}

describe('GT06 over TCP', () => {
  it('acknowledges the login with the exact bytes, then stores a location before acknowledging it', async () => {
    const { ctx, open } = await start();
    const device = open();
    device.send(gt06(17));
    await until(() => device.received.length >= 10, 'the login ack');
    expect(device.received.toString('hex')).toBe('78780501000955940d0a');
    expect(ctx.identified.map((call) => call.uniqueId)).toEqual([IMEI]);

    let store: (() => void) | undefined;
    ctx.onSubmit = () => new Promise<void>((resolve) => (store = resolve));
    device.received = Buffer.alloc(0);
    device.send(location);
    await until(() => store !== undefined, 'the submission');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(device.received.length).toBe(0); // not acknowledged while storage is pending
    store!();
    await until(() => device.received.length >= 10, 'the location ack');
    expect(device.received).toEqual(gt06Frame(0x12, '', { serial: 2 }));
    expect(ctx.submitted).toHaveLength(1);
    expect(ctx.submitted[0].device).toEqual({ id: 7, uniqueId: IMEI });
    expect(ctx.submitted[0].positions[0]).toMatchObject({ protocol: 'gt06', latitude: expect.closeTo(-23.5614, 6), valid: true });
  });

  it('closes the connection of an unknown IMEI without a reply', async () => {
    const { ctx, open } = await start();
    const device = open();
    device.send(loginFrame('123456789012345'));
    await until(() => device.closed, 'the close');
    expect(device.received.length).toBe(0);
    expect(ctx.identified.map((call) => call.uniqueId)).toEqual(['123456789012345']);
  });

  it('ignores a location before the login, and takes the login after it', async () => {
    const { ctx, open } = await start();
    const device = open();
    device.send(location);
    device.send(loginFrame(IMEI, { serial: 3 }));
    await until(() => device.received.length >= 10, 'the login ack');
    expect(device.received).toEqual(gt06Frame(0x01, '', { serial: 3 }));
    expect(ctx.submitted).toEqual([]);
    expect(device.closed).toBe(false);
  });

  it('skips junk before and between frames and keeps the connection', async () => {
    const { ctx, open } = await start();
    const device = open();
    device.send(Buffer.concat([Buffer.from('GET / HTTP/1.1\r\n\r\n'), loginFrame(IMEI, { serial: 1 })]));
    await until(() => device.received.length >= 10, 'the login ack');
    device.send(Buffer.concat([Buffer.from('0d0a4f4b', 'hex'), location]));
    await until(() => device.received.length >= 20, 'the location ack');
    expect(device.received.subarray(10)).toEqual(gt06Frame(0x12, '', { serial: 2 }));
    expect(device.closed).toBe(false);
    expect(ctx.submitted).toHaveLength(1);
  });

  /** The location with one bit of its latitude flipped and the CRC left as it was: line noise. */
  const corrupted = Buffer.from(location);
  corrupted[12] ^= 0x01;

  it('skips a frame whose CRC does not match, unacknowledged, and goes on with the next', async () => {
    const { ctx, open } = await start();
    const device = open();
    device.send(loginFrame(IMEI, { serial: 1 }));
    await until(() => device.received.length >= 10, 'the login ack');
    device.send(Buffer.concat([corrupted, gt06Frame(0x13, '4604040001', { serial: 9 })]));
    await until(() => device.received.length >= 20, 'the heartbeat ack');
    // The second ack is the heartbeat's (0x13, serial 9): the corrupted location got none.
    expect(device.received.subarray(10)).toEqual(gt06Frame(0x13, '', { serial: 9 }));
    expect(ctx.submitted.flatMap((s) => s.positions).map((p) => p.attributes.type)).toEqual([0x13]);
    expect(device.closed).toBe(false);
  });

  it('stores and acknowledges it when bad checksums are accepted (RASTRO_ACCEPT_BAD_CRC)', async () => {
    const { ctx, open } = await start(true);
    const device = open();
    device.send(loginFrame(IMEI, { serial: 1 }));
    await until(() => device.received.length >= 10, 'the login ack');
    device.send(corrupted);
    await until(() => device.received.length >= 20, 'the location ack');
    expect(ctx.submitted).toHaveLength(1);
    expect(ctx.submitted[0].positions[0]).toMatchObject({ attributes: { type: 0x12 } });
  });
});
