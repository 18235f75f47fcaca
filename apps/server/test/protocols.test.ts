import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { loginFrame } from '../src/protocols/gt06/test-frames.ts';
import { withServer } from './harness.ts';

/** A device on a real TCP connection that records what the server writes back. */
class FakeDevice {
  readonly socket: net.Socket;
  private received = Buffer.alloc(0);
  readonly closed: Promise<void>;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (chunk) => (this.received = Buffer.concat([this.received, chunk])));
    this.closed = new Promise((resolve) => this.socket.on('close', () => resolve()));
  }

  send(hex: string): void {
    this.socket.write(Buffer.from(hex, 'hex'));
  }

  /** Waits until the server has written at least `length` more bytes, and returns them. */
  async read(length: number, timeoutMs = 5000): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < length) {
      if (Date.now() > deadline) throw new Error(`expected ${length} bytes, got ${this.received.toString('hex')}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const out = this.received.subarray(0, length);
    this.received = this.received.subarray(length);
    return out;
  }

  /** Reads as many bytes as `hex` holds and asserts they are it. */
  async expectReply(hex: string): Promise<void> {
    expect((await this.read(hex.length / 2)).toString('hex')).toBe(hex);
  }
}

describe('binary protocols through the whole server', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });

  /** A device the server knows, and a tracker with its identifier connected to the protocol's port. */
  async function connectDevice(protocol: string, name: string, uniqueId: string) {
    const device = await admin.json('POST', '/api/devices', { name, uniqueId });
    return { device, tracker: new FakeDevice(server.port(protocol)) };
  }

  /** The device's stored positions once there are `count` of them (within `range`, a query suffix). */
  async function storedPositions(deviceId: number, count: number, range = '') {
    const url = `/api/positions?deviceId=${deviceId}${range}`;
    await expect.poll(async () => (await admin.json('GET', url)).length).toBe(count);
    return admin.json('GET', url);
  }

  it('Teltonika: login, acknowledged positions, a lock command over the connection, offline on close', async () => {
    const { device, tracker } = await connectDevice('teltonika', 'FMB920', '123456789012345');
    tracker.send('000F313233343536373839303132333435');
    await tracker.expectReply('01');
    tracker.send('000000000000003508010000014f8e016420002141bbaf0f4e96a7fffa0000120000000602010047030242669c92000002c7000000009100000000000100002df3');
    await tracker.expectReply('00000001');

    const [position] = await admin.json('GET', `/api/positions?deviceId=${device.id}`);
    expect(position).toMatchObject({ protocol: 'teltonika', deviceId: device.id });
    expect(position.latitude).toBeCloseTo(25.6808615, 5);
    expect(position.longitude).toBeCloseTo(55.7956015, 5);
    const [online] = await admin.json('GET', `/api/devices?id=${device.id}`);
    expect(online.status).toBe('online');
    expect((await admin.json('GET', `/api/commands/types?deviceId=${device.id}`)).map((t: { type: string }) => t.type)).toContain('engineStop');

    const sent = await admin.request('POST', '/api/commands/send', { deviceId: device.id, type: 'engineStop' });
    expect(sent.status).toBe(200);
    const header = await tracker.read(8);
    const frame = await tracker.read(header.readUInt32BE(4) + 4);
    expect(frame[0]).toBe(0x0c); // codec 12
    expect(frame.toString('latin1')).toContain('setdigout 1');

    tracker.socket.end();
    await tracker.closed;
    await expect.poll(async () => (await admin.json('GET', `/api/devices?id=${device.id}`))[0].status).toBe('offline');
  });

  it('refuses an unknown tracker without a reply and remembers its identifier', async () => {
    const tracker = new FakeDevice(server.port('teltonika'));
    tracker.send('000F393939393939393939393939393939');
    await tracker.closed;
    await expect(tracker.read(1, 200)).rejects.toThrow();
    const unknown = await server.rastro.db.kysely.selectFrom('tc_unknown_devices').selectAll().where('uniqueId', '=', '999999999999999').executeTakeFirst();
    expect(unknown).toMatchObject({ protocol: 'teltonika', count: 1 });
  });

  it('skips junk on one connection and goes on; another connection is not touched', async () => {
    await admin.json('POST', '/api/devices', { name: 'Other', uniqueId: '356307042441013' });
    await admin.json('POST', '/api/devices', { name: 'Junky', uniqueId: '864717003283582' });
    const good = new FakeDevice(server.port('gt06'));
    const junky = new FakeDevice(server.port('gt06'));
    // Junk, then a login: the junk is dropped up to the frame start and the login answered.
    junky.send(`ffff00000000deadbeef0d0a${loginFrame('864717003283582').toString('hex')}`);
    expect((await junky.read(10)).toString('hex')).toMatch(/^78780501/);
    good.send(loginFrame('356307042441013').toString('hex'));
    expect((await good.read(10)).toString('hex')).toMatch(/^78780501/);
    good.socket.destroy();
    junky.socket.destroy();
  });

  it('GT06: login ack, a location stored then acknowledged, engine stop over the connection', async () => {
    const { device, tracker } = await connectDevice('gt06', 'Concox', '864717003283581');
    tracker.send('78780D01086471700328358100093F040D0A');
    await tracker.expectReply('78780501000955940d0a');
    tracker.send('78781f120f0a140e150bc505e51e780293a9e800540000f601006e0055da00035f240d0a');
    const ack = await tracker.read(10);
    expect(ack.subarray(0, 4).toString('hex')).toBe('78780512');
    const [position] = await admin.json('GET', `/api/positions?deviceId=${device.id}`);
    expect(position).toMatchObject({ protocol: 'gt06', fixTime: '2015-10-20T14:21:11.000+00:00', valid: true });
    expect(position.latitude).toBeCloseTo(54.94535, 5);
    expect(position.longitude).toBeCloseTo(24.01762, 5);

    expect((await admin.request('POST', '/api/commands/send', { deviceId: device.id, type: 'engineStop' })).status).toBe(200);
    const command = await tracker.read(23);
    expect(command.subarray(0, 4).toString('hex')).toBe('78781280');
    expect(command.toString('latin1')).toContain('Relay,1#');
    tracker.socket.destroy();
  });

  it('H02: a text report over TCP and a binary report over UDP are stored', async () => {
    const { device, tracker } = await connectDevice('h02', 'SinoTrack', '4210051415');
    tracker.socket.write('*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF,712,01,0,0,6#');
    const [position] = await storedPositions(device.id, 1);
    expect(position).toMatchObject({ protocol: 'h02', fixTime: '2015-12-22T16:45:49.000+00:00' });
    expect(position.latitude).toBeCloseTo(9.93978, 5);
    tracker.socket.destroy();

    const binary = await admin.json('POST', '/api/devices', { name: 'Binary H02', uniqueId: '4106000826' });
    const udp = (await import('node:dgram')).createSocket('udp4');
    const h02Udp = server.port('h02', 'udp');
    udp.send(Buffer.from('24410600082621532131081504419390060740418306000000fffffbfdff0015060000002c02dc0c000000001f', 'hex'), h02Udp, '127.0.0.1');
    const [fromUdp] = await storedPositions(binary.id, 1);
    expect(fromUdp.latitude).toBeCloseTo(4.69898, 5);
    udp.close();
  });

  it('Suntech: a text report over TCP is stored', async () => {
    const { device, tracker } = await connectDevice('suntech', 'ST300', '205887320');
    tracker.socket.write('ST300STT;205887320;04;706;20240501;10:20:30;33e530;-23.550520;-046.633308;040.000;089.10;11;1;2345678;12.40;000000;1;0019;003051;0.0;0;0\r');
    const [position] = await storedPositions(device.id, 1);
    expect(position).toMatchObject({ protocol: 'suntech', latitude: -23.55052, longitude: -46.633308, fixTime: '2024-05-01T10:20:30.000+00:00' });
    expect(position.speed).toBeCloseTo(40 / 1.852, 2);
    tracker.socket.destroy();
  });

  it('a device\'s settings reach its decoder, looked up device → group → server, and an edit applies to the next frame', async () => {
    // Traccar's suntech.hbm: legacy reports then carry the hour meter (its test frame, SuntechProtocolDecoderTest).
    const group = await admin.json('POST', '/api/groups', { name: 'Hour meters', attributes: { 'suntech.hbm': 1 } });
    const device = await admin.json('POST', '/api/devices', { name: 'ST300 hbm', uniqueId: '007239104', groupId: group.id });
    const report = (time: string) => `ST300ALT;007239104;40;313;20190112;${time};c99139;+04.703287;-074.148897;000.000;189.72;21;1;425512;12.61;100000;33;003188;4.1;1\r`;
    const tracker = new FakeDevice(server.port('suntech'));
    tracker.socket.write(report('01:07:16'));
    const [first] = await storedPositions(device.id, 1);
    expect(first.attributes.hours).toBe(3188 * 60000);

    // The device's own value wins over its group's: 0 decodes nothing after the fixed fields.
    await admin.json('PUT', `/api/devices/${device.id}`, { ...device, attributes: { 'suntech.hbm': 0 } });
    tracker.socket.write(report('01:08:16'));
    const positions = await storedPositions(device.id, 2, '&from=2019-01-12T00:00:00Z&to=2019-01-13T00:00:00Z');
    // hbm 1 also decodes the backup battery; without it the server accumulates the hours itself (ignition on: +60 s).
    expect(positions.map((p: { attributes: { battery?: number } }) => p.attributes.battery)).toEqual([4.1, undefined]);
    expect(positions.map((p: { attributes: { hours?: number } }) => p.attributes.hours)).toEqual([3188 * 60000, 3188 * 60000 + 60000]);
    tracker.socket.destroy();
  });
});
