import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listenerTestbed } from '../testing/listener-testbed.ts';
import { RecordingContext } from '../testing/recording-context.ts';
import { suntechCodec } from './codec.ts';

const KNOWN = '205000001';

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 5) {
    if (waited > 5000) throw new Error('timed out');
    await sleep(5);
  }
}

/** A client socket with what it received and whether the server closed it. */
async function open(port: number): Promise<{ socket: Socket; received: () => string; closed: () => boolean }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  let closed = false;
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('close', () => (closed = true));
  socket.on('error', () => {});
  testbed.closeAfter(() => socket.destroy());
  return { socket, received: () => received, closed: () => closed };
}

const STT = `ST300STT;${KNOWN};05;527;20240501;10:15:00;be139;-23.561400;-046.655900;036.000;090.00;11;1;5000;13.20;100000;2;0173`;
const UEX = `ST300UEX;${KNOWN};05;527;20240501;10:16:00;be139;-23.561400;-046.655900;000.000;000.00;9;1;0;12.50;000000;19;RFID:00AABBCCDDEE\r\n;3E`;

const testbed = listenerTestbed();

async function start(): Promise<{ ctx: RecordingContext; port: number }> {
  const ctx = new RecordingContext((uniqueId) => (uniqueId === KNOWN ? 1 : null));
  const { port } = await testbed.tcp(ctx, suntechCodec);
  return { ctx, port };
}

describe('Suntech over a TCP listener', () => {
  it('stores reports split across reads and answers nothing, not even keep-alives', async () => {
    const { ctx, port } = await start();
    const client = await open(port);
    const stream = Buffer.from(`ST300ALV;${KNOWN}\r${STT}\r${UEX}\r`);
    for (let start = 0; start < stream.length; start += 9) {
      client.socket.write(stream.subarray(start, start + 9));
      await sleep(1);
    }
    await until(() => ctx.batches.length === 2);
    expect(ctx.batches.map(([position]) => position.attributes.type)).toEqual(['STT', 'UEX']);
    expect(ctx.batches[1][0].attributes.serial).toBe('RFID:00AABBCCDDEE');
    await sleep(50);
    expect(client.received()).toBe('');
    expect(client.closed()).toBe(false);
  });

  it('sends commands in the family of the device reports', async () => {
    const { ctx, port } = await start();
    const client = await open(port);
    client.socket.write(`${STT}\r`);
    await until(() => ctx.channel !== null);
    ctx.channel?.send({ type: 'engineStop', attributes: {} });
    await until(() => client.received().length > 0);
    expect(client.received()).toBe(`ST300CMD;${KNOWN};02;Enable1\r`);
  });

  it('closes the connection of an unknown device', async () => {
    const { ctx, port } = await start();
    const client = await open(port);
    client.socket.write(`${STT.replace(KNOWN, '999999999')}\r`);
    await until(client.closed);
    expect(ctx.batches).toEqual([]);
  });

  it('skips junk before a report, on that connection only', async () => {
    const { ctx, port } = await start();
    const good = await open(port);
    const noisy = await open(port);
    noisy.socket.write(Buffer.from('16030100a5', 'hex'));
    good.socket.write(Buffer.concat([Buffer.from('16030100a5', 'hex'), Buffer.from(`${STT}\r`)]));
    await until(() => ctx.batches.length === 1);
    expect(good.closed()).toBe(false);
    expect(noisy.closed()).toBe(false);
  });
});
