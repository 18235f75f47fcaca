import dgram from 'node:dgram';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { gt06Codec } from './gt06/codec.ts';
import { classicCell, gpsBlock, gt06Frame, loginFrame } from './gt06/test-frames.ts';
import type { StreamCodec } from './codec.ts';
import { h02UdpCodec } from './h02/codec.ts';
import { MAX_QUEUED_BYTES, startTcpListener, startUdpListener, type TcpProtocolListener } from './stream-listener.ts';
import type { ProtocolContext, ProtocolListener } from './types.ts';
import { RecordingContext } from './testing/recording-context.ts';

const IMEI = '864717003283581';

/** Knows every device; storage waits for `open()`. */
class GatedContext extends RecordingContext {
  open: () => void = () => {};

  constructor(open = true) {
    super();
    if (!open) this.storage = new Promise((resolve) => (this.open = resolve));
  }
}

function location(n: number): Buffer {
  const fix = { time: new Date(Date.UTC(2024, 4, 1) + n * 1000), latitude: -23.5, longitude: -46.6 };
  return gt06Frame(0x12, Buffer.concat([gpsBlock(fix), classicCell(724, 5, 1, 2)]), { serial: n & 0xffff });
}

function batch(count: number): Buffer {
  return Buffer.concat([loginFrame(IMEI), ...Array.from({ length: count }, (_, n) => location(n))]);
}

/** Fix times in seconds since the first: they say which frames were stored, in what order. */
function order(ctx: GatedContext): number[] {
  return ctx.positions.map((p) => (p.fixTime.getTime() - Date.UTC(2024, 4, 1)) / 1000);
}

async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

class Device {
  received = 0;
  closed = false;
  readonly socket: Socket;
  readonly connected: Promise<void>;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.connected = new Promise((resolve) => this.socket.once('connect', () => resolve()));
    this.socket.on('data', (chunk) => (this.received += chunk.length));
    this.socket.on('close', () => (this.closed = true));
    this.socket.on('error', () => {});
  }

  async write(bytes: Buffer): Promise<void> {
    await this.connected;
    await new Promise<void>((resolve) => this.socket.write(bytes, () => resolve()));
  }
}

let listener: TcpProtocolListener | ProtocolListener | undefined;
const devices: Device[] = [];

afterEach(async () => {
  for (const device of devices.splice(0)) device.socket.destroy();
  await listener?.close();
  listener = undefined;
});

async function startTcp(ctx: ProtocolContext, codec: StreamCodec = gt06Codec): Promise<{ listener: TcpProtocolListener; open: () => Device }> {
  const started = await startTcpListener(ctx, codec, { port: 0, host: '127.0.0.1' });
  listener = started;
  return {
    listener: started,
    open: () => {
      const device = new Device(started.port);
      devices.push(device);
      return device;
    },
  };
}

describe('TCP listener: what was read is handled whatever happens to the socket', () => {
  it('a device that half-closes (FIN) gets every acknowledgement, in order, then the close', async () => {
    const ctx = new GatedContext();
    const { open } = await startTcp(ctx);
    const device = open();
    await device.write(batch(300));
    device.socket.end();
    await until(() => device.closed, 'the close');
    expect(order(ctx)).toEqual(Array.from({ length: 300 }, (_, n) => n));
    expect(device.received).toBe(301 * 10); // the login's and every location's acknowledgement
    expect(ctx.events.at(-1)).toBe('disconnected');
  });

  it('a hard drop (RST) while storage is slow: every frame read is stored, then the device is disconnected', async () => {
    const ctx = new GatedContext(false);
    const { listener, open } = await startTcp(ctx);
    const device = open();
    await device.write(batch(300));
    await until(() => ctx.events.includes('attach'), 'the login');
    // Everything was read: the 21 KB fit the buffers with room to spare.
    await until(() => listener.connections()[0]?.queuedBytes === 299 * location(0).length, 'the reads');
    device.socket.resetAndDestroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    ctx.open();
    await until(() => ctx.events.at(-1) === 'disconnected', 'the disconnection');
    expect(order(ctx)).toEqual(Array.from({ length: 300 }, (_, n) => n));
    expect(ctx.events.filter((e) => e === 'disconnected')).toHaveLength(1);
  });
});

describe('TCP listener: junk between frames', () => {
  // GT06 framing that can find the next frame start: junk is skipped, the connection kept.
  const resyncing: StreamCodec = { ...gt06Codec, frameStart: (buffer, from) => buffer.indexOf(Buffer.from('7878', 'hex'), from) };

  it('skips junk before, between and split across frames, and stores every frame around it', async () => {
    const ctx = new GatedContext();
    const { open } = await startTcp(ctx, resyncing);
    const device = open();
    await device.write(Buffer.concat([Buffer.from('0d0a4f4b', 'hex'), loginFrame(IMEI), Buffer.from('ffee', 'hex'), location(0)]));
    // Junk ending in half a frame start, then the rest of the frame in the next write.
    const next = location(1);
    await device.write(Buffer.concat([Buffer.from('41544f4b78', 'hex')]));
    await device.write(next.subarray(1));
    await device.write(Buffer.concat([Buffer.from('00'.repeat(300), 'hex'), location(2)]));
    await until(() => ctx.positions.length === 3, 'three positions');
    expect(order(ctx)).toEqual([0, 1, 2]);
    expect(device.closed).toBe(false);
    expect(ctx.messages.filter((m) => m.includes('bytes of junk')).length).toBeGreaterThanOrEqual(3);
  });

  it('still closes the connection of a protocol that cannot find a frame start', async () => {
    const ctx = new GatedContext();
    const { open } = await startTcp(ctx, gt06Codec.frameStart ? { ...gt06Codec, frameStart: undefined } : gt06Codec);
    const device = open();
    await device.write(Buffer.concat([loginFrame(IMEI), Buffer.from('ffee', 'hex'), location(0)]));
    await until(() => device.closed, 'the close');
    expect(ctx.positions).toHaveLength(0);
  });
});

describe('TCP listener: backpressure', () => {
  it('stops reading a connection whose queue is full, so it never holds more than the bound, and loses nothing', async () => {
    const count = 20_000; // 840 KB of frames, 13 times the bound
    const ctx = new GatedContext(false);
    const { listener, open } = await startTcp(ctx);
    let most = 0;
    const observe = () => {
      for (const connection of listener.connections()) most = Math.max(most, connection.queuedBytes);
    };
    ctx.onSubmit = observe;
    const device = open();
    void device.write(batch(count));
    await until(() => !(listener.connections()[0]?.reading), 'the pause');
    for (let i = 0; i < 20; i++) {
      observe();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Reading stopped near the bound; one read of up to 64 KiB may land on top of it first.
    expect(most).toBeGreaterThan(MAX_QUEUED_BYTES / 2);
    expect(most).toBeLessThanOrEqual(MAX_QUEUED_BYTES + 64 * 1024);
    ctx.open();
    await until(() => ctx.positions.length === count, 'every position', 60_000);
    expect(most).toBeLessThanOrEqual(MAX_QUEUED_BYTES + 64 * 1024);
    expect(order(ctx)).toEqual(Array.from({ length: count }, (_, n) => n));
  });
});

describe('UDP listener: backpressure', () => {
  it('drops the datagrams of a peer beyond its bound instead of queueing them without limit', async () => {
    const ctx = new GatedContext(false);
    listener = await startUdpListener(ctx, h02UdpCodec, { port: 0, host: '127.0.0.1' });
    let submissions = 0;
    ctx.onSubmit = () => submissions++;
    const socket = dgram.createSocket('udp4');
    const port = listener.port;
    try {
      for (let n = 0; n < 200; n++) {
        const message = `*HQ,4210051415,V1,1645${String(n % 60).padStart(2, '0')},A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF#`;
        await new Promise<void>((resolve) => socket.send(message, port, '127.0.0.1', () => resolve()));
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      ctx.open();
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      socket.close();
    }
    expect(submissions).toBeGreaterThan(0);
    expect(submissions).toBeLessThanOrEqual(64);
  });
});
