import dgram from 'node:dgram';
import net from 'node:net';
import { ProtocolError, type ConnectionState, type StreamCodec } from './codec.ts';
import type { DeviceChannel, ProtocolContext, ProtocolListener } from './types.ts';

/** Commands go out through the codec's encoder on the device's own connection. */
function channelFor(codec: StreamCodec, state: ConnectionState, write: (data: Buffer) => void): DeviceChannel {
  return { protocol: codec.protocol, send: (command) => write(codec.encodeCommand(command, state)) };
}

/** Bytes a connection may buffer without completing a frame before it is judged garbage. */
const MAX_PENDING_BYTES = 64 * 1024;
/** Idle connections are closed after this long without data (devices send heartbeats). */
const IDLE_TIMEOUT_MS = 10 * 60_000;

export interface StreamListenerOptions {
  port: number;
  host?: string;
}

/**
 * Runs one frame of a connection: identify the device when the frame names it, store the
 * positions, and only then send the acknowledgement. An unknown device gets no reply.
 */
async function handleFrame(
  ctx: ProtocolContext,
  codec: StreamCodec,
  state: ConnectionState,
  frame: Buffer,
  remote: string,
  send: (reply: Buffer) => void,
  channel: DeviceChannel,
): Promise<boolean> {
  const result = codec.decode(frame, state, new Date());
  if (result.uniqueId && result.uniqueId !== state.device?.uniqueId) {
    const device = await ctx.identify(codec.protocol, result.uniqueId, remote);
    if (!device) {
      ctx.log.warn(`${codec.protocol}: unknown device ${result.uniqueId} from ${remote}`);
      return false;
    }
    if (state.device) await ctx.disconnected?.(state.device, channel);
    state.device = device;
    // The acknowledgement goes first: some devices ignore commands before their login is acked.
    if (result.reply && !result.positions?.length) {
      send(result.reply);
      await ctx.attach?.(device, channel);
      return true;
    }
    await ctx.attach?.(device, channel);
  }
  if (result.positions?.length && !state.device) throw new ProtocolError('position before identification');
  // Every message of a known device counts (online, queued commands), even one without positions.
  if (state.device) await ctx.submit(state.device, result.positions ?? []);
  if (result.reply) send(result.reply);
  return true;
}

/** TCP: one state per connection; frames of a connection are handled strictly in order. */
export async function startTcpListener(ctx: ProtocolContext, codec: StreamCodec, options: StreamListenerOptions): Promise<ProtocolListener> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy());
    const remote = `${socket.remoteAddress}:${socket.remotePort}`;
    const state: ConnectionState = { device: null, data: {} };
    let pending = Buffer.alloc(0);
    let chain = Promise.resolve();
    const channel = channelFor(codec, state, (data) => socket.write(data));

    const fail = (reason: string) => {
      ctx.log.warn(`${codec.protocol}: closing ${remote}${state.device ? ` (${state.device.uniqueId})` : ''}: ${reason}`);
      socket.destroy();
    };

    socket.on('data', (chunk) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      try {
        for (let length = codec.frameLength(pending); length > 0; length = codec.frameLength(pending)) {
          const frame = pending.subarray(0, length);
          pending = pending.subarray(length);
          chain = chain.then(async () => {
            if (socket.destroyed) return;
            const known = await handleFrame(ctx, codec, state, frame, remote, (reply) => socket.write(reply), channel);
            if (!known) socket.destroy();
          });
        }
        if (pending.length > MAX_PENDING_BYTES) throw new ProtocolError('no frame in 64 KB');
      } catch (error) {
        return fail(error instanceof Error ? error.message : String(error));
      }
      chain = chain.catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      sockets.delete(socket);
      if (state.device) void chain.then(() => ctx.disconnected?.(state.device!, channel)).catch(() => undefined);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  ctx.log.info(`${codec.protocol}: listening on TCP ${port}`);
  return {
    protocol: codec.protocol,
    port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * UDP: every datagram is one or more frames; state is kept per remote address and port,
 * replies go back to the sender.
 */
export async function startUdpListener(ctx: ProtocolContext, codec: StreamCodec, options: StreamListenerOptions): Promise<ProtocolListener> {
  const socket = dgram.createSocket('udp4');
  const states = new Map<string, { state: ConnectionState; chain: Promise<void>; seen: number; channel: DeviceChannel }>();
  socket.on('message', (datagram, rinfo) => {
    const remote = `${rinfo.address}:${rinfo.port}`;
    let entry = states.get(remote);
    if (!entry) {
      const state: ConnectionState = { device: null, data: {} };
      // A UDP device is reached at the address and port it last sent from.
      const channel = channelFor(codec, state, (data) => socket.send(data, rinfo.port, rinfo.address));
      entry = { state, chain: Promise.resolve(), seen: 0, channel };
      states.set(remote, entry);
    }
    entry.seen = Date.now();
    const current = entry;
    current.chain = current.chain.then(async () => {
      let rest = datagram;
      for (let length = codec.frameLength(rest); length > 0 && rest.length; length = rest.length ? codec.frameLength(rest) : 0) {
        const frame = rest.subarray(0, length);
        rest = rest.subarray(length);
        const known = await handleFrame(ctx, codec, current.state, frame, remote, (reply) => socket.send(reply, rinfo.port, rinfo.address), current.channel);
        if (!known) break;
      }
    }).catch((error: unknown) => {
      ctx.log.warn(`${codec.protocol}: dropped datagram from ${remote}: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  // Forget silent peers so the map does not grow without bound.
  const sweep = setInterval(() => {
    const cutoff = Date.now() - IDLE_TIMEOUT_MS;
    for (const [remote, entry] of states) {
      if (entry.seen >= cutoff) continue;
      states.delete(remote);
      if (entry.state.device) void ctx.disconnected?.(entry.state.device, entry.channel);
    }
  }, 60_000);
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(options.port, options.host, () => resolve());
  });
  const port = socket.address().port;
  ctx.log.info(`${codec.protocol}: listening on UDP ${port}`);
  return {
    protocol: codec.protocol,
    port,
    async close() {
      clearInterval(sweep);
      await new Promise<void>((resolve) => socket.close(() => resolve()));
    },
  };
}
