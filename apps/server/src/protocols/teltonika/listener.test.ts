import dgram from 'node:dgram';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listenerTestbed } from '../testing/listener-testbed.ts';
import { RecordingContext } from '../testing/recording-context.ts';
import { CODEC_8 } from './io-groups.ts';
import { teltonikaCodec } from './tcp.ts';
import { avlData, gpsRecord, imeiFrame, tcpPacket, udpPacket } from './test-frames.ts';
import { teltonikaUdpCodec } from './udp.ts';

const KNOWN = '356307042441013';

/** A TCP client that accumulates what the server sends and notices when it closes. */
class Client {
  private received = Buffer.alloc(0);
  closed = false;
  private readonly closedPromise: Promise<void>;

  constructor(private readonly socket: Socket) {
    socket.on('data', (chunk) => (this.received = Buffer.concat([this.received, chunk])));
    this.closedPromise = new Promise((resolve) => socket.on('close', () => resolve()));
    void this.closedPromise.then(() => (this.closed = true));
    socket.on('error', () => {});
  }

  static async open(port: number): Promise<Client> {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.setNoDelay(true);
    return new Client(socket);
  }

  write(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** Resolves with everything received once it holds `length` bytes. */
  async read(length: number): Promise<string> {
    for (let waited = 0; this.received.length < length; waited += 5) {
      if (waited > 5000 || this.closed) throw new Error(`got ${this.received.toString('hex')} of ${length} bytes`);
      await sleep(5);
    }
    return this.received.toString('hex');
  }

  async waitClosed(): Promise<string> {
    await this.closedPromise;
    return this.received.toString('hex');
  }

  end(): void {
    this.socket.destroy();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const record = { time: new Date('2024-05-01T10:00:00.000Z'), latitude: -23.5614, longitude: -46.6559, satellites: 9, speedKph: 36 };
const packet = tcpPacket(avlData(CODEC_8, [gpsRecord(CODEC_8, record), gpsRecord(CODEC_8, record)]));

const testbed = listenerTestbed();

async function startTcp(acceptBadChecksum = false): Promise<{ ctx: RecordingContext; open: () => Promise<Client> }> {
  const ctx = new RecordingContext((uniqueId) => (uniqueId === KNOWN ? 1 : null));
  const started = await testbed.tcp(ctx, teltonikaCodec, { acceptBadChecksum });
  return {
    ctx,
    open: async () => {
      const client = await Client.open(started.port);
      testbed.closeAfter(() => client.end());
      return client;
    },
  };
}

describe('Teltonika over a TCP listener', () => {
  it('accepts the IMEI with 01, then acknowledges a stored AVL packet with its record count', async () => {
    const { ctx, open } = await startTcp();
    const client = await open();
    client.write(imeiFrame(KNOWN));
    expect(await client.read(1)).toBe('01');

    let release = () => {};
    ctx.storage = new Promise((resolve) => (release = resolve));
    client.write(packet);
    await sleep(50);
    // Nothing is acknowledged while the positions are not stored yet.
    expect(await client.read(1)).toBe('01');
    release();
    expect(await client.read(5)).toBe('0100000002');
    expect(ctx.batches).toHaveLength(1);
    expect(ctx.batches[0].map((position) => position.latitude)).toEqual([-23.5614, -23.5614]);
  });

  it('reassembles frames split across reads and answers nothing to keep-alives', async () => {
    const { ctx, open } = await startTcp();
    const client = await open();
    const stream = Buffer.concat([imeiFrame(KNOWN), Buffer.from([0xff]), packet]);
    for (let start = 0; start < stream.length; start += 7) {
      client.write(stream.subarray(start, start + 7));
      await sleep(2);
    }
    expect(await client.read(5)).toBe('0100000002');
    expect(ctx.batches).toHaveLength(1);
  });

  it('closes the connection of an unknown IMEI without a reply', async () => {
    const { ctx, open } = await startTcp();
    const client = await open();
    client.write(imeiFrame('000000000000000'));
    expect(await client.waitClosed()).toBe('');
    expect(ctx.batches).toEqual([]);
  });

  it('skips junk before a frame, on that connection only', async () => {
    const { ctx, open } = await startTcp();
    const good = await open();
    good.write(imeiFrame(KNOWN));
    expect(await good.read(1)).toBe('01');
    const noisy = await open();
    noisy.write(Buffer.concat([Buffer.from('GET / HTTP/1.1\r\n\r\n'), imeiFrame(KNOWN)]));
    expect(await noisy.read(1)).toBe('01');
    good.write(packet);
    expect(await good.read(5)).toBe('0100000002');
    expect(good.closed).toBe(false);
    expect(ctx.batches).toHaveLength(1);
  });

  it('skips a packet that fails the CRC without acknowledging it, and goes on with the next', async () => {
    const { ctx, open } = await startTcp();
    const client = await open();
    client.write(imeiFrame(KNOWN));
    expect(await client.read(1)).toBe('01');
    const corrupted = Buffer.from(packet);
    corrupted[corrupted.length - 1] ^= 0xff;
    client.write(Buffer.concat([corrupted, packet]));
    // Only the good packet's acknowledgement: 2 records.
    expect(await client.read(5)).toBe('0100000002');
    await sleep(30);
    expect(ctx.batches).toHaveLength(1);
    expect(client.closed).toBe(false);
  });

  it('stores and acknowledges a packet that fails the CRC when bad checksums are accepted', async () => {
    const { ctx, open } = await startTcp(true);
    const client = await open();
    client.write(imeiFrame(KNOWN));
    expect(await client.read(1)).toBe('01');
    const corrupted = Buffer.from(packet);
    corrupted[corrupted.length - 1] ^= 0xff;
    client.write(corrupted);
    expect(await client.read(5)).toBe('0100000002');
    expect(ctx.batches).toHaveLength(1);
  });
});

describe('Teltonika over a UDP listener', () => {
  async function exchange(port: number, datagram: Buffer): Promise<string | null> {
    const socket = dgram.createSocket('udp4');
    try {
      const reply = new Promise<string>((resolve) => socket.once('message', (message) => resolve(message.toString('hex'))));
      socket.send(datagram, port, '127.0.0.1');
      return await Promise.race([reply, sleep(300).then(() => null)]);
    } finally {
      socket.close();
    }
  }

  it('stores the positions of a known IMEI and acknowledges the datagram; ignores an unknown one', async () => {
    const ctx = new RecordingContext((uniqueId) => (uniqueId === KNOWN ? 1 : null));
    const listener = await testbed.udp(ctx, teltonikaUdpCodec);
    const data = avlData(CODEC_8, [gpsRecord(CODEC_8, record)]);
    expect(await exchange(listener.port, udpPacket(KNOWN, data, 0x0102, 0x07))).toBe('00050102010701');
    expect(ctx.batches).toHaveLength(1);
    expect(ctx.batches[0][0]).toMatchObject({ protocol: 'teltonika', latitude: -23.5614, valid: true });
    expect(await exchange(listener.port, udpPacket('000000000000000', data))).toBeNull();
    expect(ctx.batches).toHaveLength(1);
  });
});
