import { describe, expect, it } from 'vitest';
import { listenerTestbed } from '../testing/listener-testbed.ts';
import { binary } from '../testing/protocol-test.ts';
import { RecordingContext } from '../testing/recording-context.ts';
import { until, type TcpDevice } from '../testing/tcp-device.ts';
import { jt808Codec } from './codec.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

// Frames by their line in Traccar's JT808ProtocolDecoderTest (vectors/traccar/jt808.json).
const jt808 = traccarFrames('jt808');
/** Terminal 013511221122: registration, authentication (Traccar's test frames), location. */
const REGISTER = jt808(319);
const AUTHENTICATE = jt808(325);

const LOCATION = binary('7e020000220135112211220007000000000000400e012af16f02cbd2ba000000000000150101194257010400000077227e');

const testbed = listenerTestbed();

async function connect(): Promise<{ ctx: RecordingContext; device: TcpDevice }> {
  const ctx = new RecordingContext((uniqueId) => (uniqueId === '13511221122' ? 5 : null));
  const { open } = await testbed.tcp(ctx, jt808Codec);
  return { ctx, device: open() };
}

describe('JT808 over TCP', () => {
  it('registers, authenticates and reports, each answered; junk between messages is skipped', async () => {
    const { ctx, device } = await connect();
    device.send(REGISTER);
    await until(() => device.received.length > 0, 'the registration reply');
    expect(device.received.subarray(0, 3)).toEqual(binary('7e8100'));
    expect(ctx.identified.map((call) => call.uniqueId)).toEqual(['13511221122']);

    device.received = Buffer.alloc(0);
    device.send(Buffer.concat([AUTHENTICATE, Buffer.from('\r\n'), LOCATION]));
    await until(() => ctx.positions.length === 1 && device.received.length >= 2 * 17, 'the location and both acknowledgements');
    expect(device.received).toEqual(binary('7e8001000501351122112200000006010200b57e', '7e8001000501351122112200000007020000b57e'));
    expect(ctx.positions[0]).toMatchObject({ protocol: 'jt808', valid: true, latitude: expect.closeTo(-19.591535, 6), longitude: expect.closeTo(-46.912186, 6) });
    expect(device.closed).toBe(false);
  });

  it('sends commands to the terminal that connected', async () => {
    const { ctx, device } = await connect();
    device.send(AUTHENTICATE);
    await until(() => ctx.channel !== null, 'the attachment');
    ctx.channel!.send({ type: 'engineStop', attributes: {} });
    await until(() => device.received.length >= 20 + 16, 'the command');
    expect(device.received.subarray(20)).toEqual(binary('7e810500010135112211220000f0417e'));
  });
});
