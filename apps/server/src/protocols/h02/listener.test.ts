import dgram from 'node:dgram';
import { describe, expect, it } from 'vitest';
import { listenerTestbed } from '../testing/listener-testbed.ts';
import { RecordingContext } from '../testing/recording-context.ts';
import { until, type TcpDevice } from '../testing/tcp-device.ts';
import { h02Codec, h02UdpCodec } from './codec.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

const ID = '4210051415';
const V1 = `*HQ,${ID},V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF#`;
/** A 45-byte binary report of device 4106000826: line 250 of Traccar's H02ProtocolDecoderTest (vectors/traccar/h02.json). */
const BINARY = traccarFrames('h02')(250);

/** The devices 4210051415 and 4106000826 are known. */
const known = (uniqueId: string) => (uniqueId === ID || uniqueId === '4106000826' ? Number(uniqueId.slice(-2)) : null);

const testbed = listenerTestbed();

async function startTcp(ctx: RecordingContext): Promise<() => TcpDevice> {
  const { open } = await testbed.tcp(ctx, h02Codec);
  return open;
}

describe('H02 over TCP', () => {
  it('stores a V1 report, then confirms it', async () => {
    const ctx = new RecordingContext(known);
    const open = await startTcp(ctx);
    let store: (() => void) | undefined;
    ctx.onSubmit = () => new Promise<void>((resolve) => (store = resolve));
    const device = open();
    device.send(`${V1}\r\n`);
    await until(() => store !== undefined, 'the submission');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(device.text).toBe(''); // not confirmed while storage is pending
    store!();
    await until(() => device.text.endsWith('#'), 'the confirmation');
    expect(device.text).toMatch(new RegExp(`^\\*HQ,${ID},V4,V1,\\d{14}#$`));
    expect(ctx.submitted[0].device.uniqueId).toBe(ID);
    expect(ctx.submitted[0].positions[0]).toMatchObject({ protocol: 'h02', latitude: expect.closeTo(9.93978, 5), valid: true });
  });

  it('stores binary reports and text reports of one connection in order, split anywhere', async () => {
    const ctx = new RecordingContext(known);
    const device = (await startTcp(ctx))();
    const stream = Buffer.concat([BINARY, Buffer.from(`${V1}\r\n`)]);
    device.send(stream.subarray(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 20));
    device.send(stream.subarray(20, 70));
    await new Promise((resolve) => setTimeout(resolve, 20));
    device.send(stream.subarray(70));
    await until(() => ctx.submitted.length === 2, 'both reports');
    expect(ctx.submitted.map((entry) => entry.device.uniqueId)).toEqual(['4106000826', ID]);
  });

  it('closes the connection of an unknown device without a reply', async () => {
    const ctx = new RecordingContext(known);
    const device = (await startTcp(ctx))();
    device.send('*HQ,9999999999,HTBT,80#');
    await until(() => device.closed, 'the close');
    expect(device.text).toBe('');
    expect(ctx.submitted).toEqual([]);
  });

  it('skips junk before a frame, on that connection only', async () => {
    const ctx = new RecordingContext(known);
    const open = await startTcp(ctx);
    const good = open();
    const noisy = open();
    noisy.send('GET / HTTP/1.1\r\n\r\n');
    good.send(`junk*HQ,${ID},HTBT,77#`);
    await until(() => good.text === `*HQ,${ID},HTBT#`, 'the heartbeat echo');
    expect(good.closed).toBe(false);
    expect(ctx.submitted[0].positions[0].attributes).toEqual({ batteryLevel: 77 });
  });
});

describe('H02 over UDP', () => {
  it('stores a datagram and sends the confirmation back to its sender', async () => {
    const ctx = new RecordingContext(known);
    const listener = await testbed.udp(ctx, h02UdpCodec);
    const client = dgram.createSocket('udp4');
    testbed.closeAfter(() => client.close());
    const replies: string[] = [];
    client.on('message', (message) => replies.push(message.toString()));

    client.send(V1, listener.port, '127.0.0.1');
    await until(() => replies.length === 1, 'the confirmation');
    expect(replies[0]).toMatch(new RegExp(`^\\*HQ,${ID},V4,V1,\\d{14}#$`));

    client.send(BINARY, listener.port, '127.0.0.1');
    await until(() => ctx.submitted.length === 2, 'the binary report');
    expect(ctx.submitted[1].positions[0]).toMatchObject({ longitude: expect.closeTo(-74.06971, 4), valid: true });
    expect(replies).toHaveLength(1);
  });
});
