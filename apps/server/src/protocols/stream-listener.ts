import dgram from 'node:dgram';
import net from 'node:net';
import { ProtocolError, type ConnectionState, type DecodeResult, type MediaAttachment, type StreamCodec } from './codec.ts';
import type { DeviceChannel, DeviceRef, ProtocolContext, ProtocolListener } from './types.ts';
import { locateFrame } from './kit/locate.ts';

/**
 * Unprocessed bytes above which a TCP connection is no longer read until its frames are handled.
 * Frames are handled one at a time (each waits for its commit before its acknowledgement), so a
 * longer queue buys no speed; 64 KiB holds a whole coverage-gap upload of most trackers (500
 * GT06 locations are 21 KiB) while 10,000 connections at the bound stay near 1.3 GiB at worst
 * (the bound, one read of up to 64 KiB past it). Beyond it the kernel's buffers fill and TCP
 * flow control slows the device down: nothing is dropped.
 */
export const MAX_QUEUED_BYTES = 64 * 1024;
/** A frame still incomplete after this many bytes is garbage (Teltonika's largest is 64 KiB + 12). */
const MAX_FRAME_BYTES = 128 * 1024;
/** Acknowledgements the device does not read: stop handling frames above this, until they drain. */
const MAX_UNSENT_BYTES = 64 * 1024;
/** Datagrams of one UDP peer waiting to be handled; more are dropped (unacknowledged, so resent). */
const MAX_QUEUED_DATAGRAMS = 64;
/** Idle connections are closed after this long without data (devices send heartbeats). */
const IDLE_TIMEOUT_MS = 10 * 60_000;
/** How long close() lets connections finish storing what they read before it gives up on them. */
const CLOSE_GRACE_MS = 5000;

export interface StreamListenerOptions {
  port: number;
  host?: string;
  /** Store frames whose checksum does not match (firmware that computes it wrongly), as Traccar does. */
  acceptBadChecksum?: boolean;
}

/** What one TCP connection holds, for monitoring and for the tests of its bounds. */
export interface ConnectionStats {
  remote: string;
  uniqueId: string | null;
  /** Bytes read and not yet handled. */
  queuedBytes: number;
  /** False while reading is paused because the queue is full. */
  reading: boolean;
}

export interface TcpProtocolListener extends ProtocolListener {
  connections: () => ConnectionStats[];
}

/** Commands go out through the codec's encoder on the device's own connection. */
function channelFor(codec: StreamCodec, state: ConnectionState, write: (data: Buffer) => void): DeviceChannel {
  return { protocol: codec.protocol, send: (command) => write(codec.encodeCommand(command, state)) };
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `refused`: nothing more of this connection can be attributed to a device, so the rest is dropped. */
type Outcome = 'handled' | 'skipped' | 'refused';

/** Stores the frame's files and names them on their positions; a file refused is logged, its position kept. */
async function storeMedia(ctx: ProtocolContext, codec: StreamCodec, device: DeviceRef, media: MediaAttachment[]): Promise<void> {
  if (!ctx.storeMedia) return;
  for (const file of media) {
    try {
      file.position.attributes[file.key] = await ctx.storeMedia(device, file.extension, file.data);
    } catch (error) {
      ctx.log.warn(`${codec.protocol}: a ${file.extension} file of ${device.uniqueId} was not kept: ${reason(error)}`);
    }
  }
}

/** Decodes one frame; a malformed one is logged and gives null. */
function decodeOrSkip(ctx: ProtocolContext, codec: StreamCodec, state: ConnectionState, frame: Buffer, receivedAt: Date, who: () => string): DecodeResult | null {
  try {
    return codec.decode(frame, state, receivedAt);
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    ctx.log.warn(`${codec.protocol}: skipped a frame from ${who()}: ${error.message}`);
    return null;
  }
}

/**
 * Runs one frame of a connection: check its checksum, identify the device when the frame names
 * it, store the positions, and only then send the acknowledgement. An unknown device gets no
 * reply. A frame that fails its checksum or its decoding is skipped, unacknowledged.
 */
async function handleFrame(
  ctx: ProtocolContext,
  codec: StreamCodec,
  options: StreamListenerOptions,
  state: ConnectionState,
  frame: Buffer,
  remote: string,
  send: (reply: Buffer) => void,
  channel: DeviceChannel,
): Promise<Outcome> {
  const who = () => `${remote}${state.device ? ` (${state.device.uniqueId})` : ''}`;
  if (codec.checksumValid && !codec.checksumValid(frame)) {
    if (!options.acceptBadChecksum) {
      ctx.log.warn(`${codec.protocol}: skipped a frame with a bad checksum from ${who()}: ${frame.subarray(0, 64).toString('hex')}`);
      return 'skipped';
    }
    ctx.log.info(`${codec.protocol}: accepted a frame with a bad checksum from ${who()} (RASTRO_ACCEPT_BAD_CRC)`);
  }
  if (state.device && ctx.settingsOf) state.settings = await ctx.settingsOf(state.device);
  const receivedAt = new Date();
  const dataBefore = { ...state.data };
  let result = decodeOrSkip(ctx, codec, state, frame, receivedAt, who);
  if (!result) return 'skipped';
  if (result.uniqueId && result.uniqueId !== state.device?.uniqueId) {
    const device = await ctx.identify(codec.protocol, result.uniqueId, remote);
    if (!device) {
      ctx.log.warn(`${codec.protocol}: unknown device ${result.uniqueId} from ${remote}`);
      return 'refused';
    }
    if (state.device) await ctx.disconnected?.(state.device, channel);
    state.device = device;
    // The frame that named the device was decoded without its settings (model, options): once more
    // with them, from the connection memory it started with, as Traccar identifies before decoding.
    if (ctx.settingsOf) {
      state.settings = await ctx.settingsOf(device);
      if (result.positions?.length) {
        state.data = dataBefore;
        result = decodeOrSkip(ctx, codec, state, frame, receivedAt, who);
        if (!result) return 'skipped';
      }
    }
    // The acknowledgement goes first: some devices ignore commands before their login is acked.
    if (result.reply && !result.positions?.length) {
      send(result.reply);
      await ctx.attach?.(device, channel);
      return 'handled';
    }
    await ctx.attach?.(device, channel);
  }
  if (result.positions?.length && !state.device) {
    ctx.log.warn(`${codec.protocol}: positions before identification from ${remote}`);
    return 'refused';
  }
  if (state.device && result.media?.length) await storeMedia(ctx, codec, state.device, result.media);
  // Every message of a known device counts (online, queued commands), even one without positions.
  if (state.device) await ctx.submit(state.device, result.positions ?? []);
  if (result.reply) send(result.reply);
  return 'handled';
}

/**
 * One TCP connection. Bytes are queued as read and split into frames only as they are handled,
 * strictly in order, so the queue is the unprocessed bytes and nothing else. What was read is
 * handled even after the device closed (FIN) or the link dropped (RST): only the replies are
 * left out where the socket can no longer take them. The device is reported disconnected once
 * the last frame is done, so that no late frame marks it online again.
 */
class TcpConnection {
  readonly remote: string;
  readonly state: ConnectionState = { device: null, data: {} };
  readonly done: Promise<void>;
  private pending: Buffer = Buffer.alloc(0);
  /** No more bytes will be read: the device closed, the link dropped, or the stream broke. */
  private ended = false;
  /** The listener is shutting down past its grace: stop after the current frame. */
  private abandoned = false;
  private wake: (() => void) | null = null;
  private readonly channel: DeviceChannel;

  constructor(
    private readonly socket: net.Socket,
    private readonly ctx: ProtocolContext,
    private readonly codec: StreamCodec,
    private readonly options: StreamListenerOptions,
  ) {
    this.remote = `${socket.remoteAddress}:${socket.remotePort}`;
    this.channel = channelFor(codec, this.state, (data) => {
      if (!socket.writable) throw new ProtocolError('the device connection is closed');
      socket.write(data);
    });
    socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    // With allowHalfOpen a FIN only ends the reading side: acknowledgements still reach the device.
    socket.on('end', () => this.stopReading());
    socket.on('close', () => this.stopReading());
    // A reset or a write to a device that went away: what was read is still handled.
    socket.on('error', () => socket.destroy());
    this.done = this.run();
  }

  stats(): ConnectionStats {
    return { remote: this.remote, uniqueId: this.state.device?.uniqueId ?? null, queuedBytes: this.pending.length, reading: !this.socket.isPaused() };
  }

  /** Shutdown: cut the link; what was read is still handled. */
  cut(): void {
    this.socket.destroy();
  }

  abandon(): void {
    this.abandoned = true;
    this.stopReading();
  }

  private receive(chunk: Buffer): void {
    if (this.ended) return;
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    if (this.pending.length >= MAX_QUEUED_BYTES) this.socket.pause();
    this.notify();
  }

  private stopReading(): void {
    this.ended = true;
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private waitForBytes(): Promise<void> {
    // The head frame is incomplete: reading must go on whatever the queue holds, or it never completes.
    if (this.socket.isPaused() && !this.socket.destroyed) this.socket.resume();
    return new Promise((resolve) => (this.wake = resolve));
  }

  /** The next complete frame, or null when more bytes are needed. Throws when the stream is broken. */
  private nextFrame(): Buffer | null {
    if (this.pending.length === 0) return null;
    const { skipped, length } = locateFrame(this.codec, this.pending);
    if (skipped > 0) {
      this.ctx.log.warn(`${this.codec.protocol}: skipped ${skipped} bytes of junk from ${this.describe()}: ${this.pending.subarray(0, Math.min(skipped, 32)).toString('hex')}`);
      this.pending = this.pending.subarray(skipped);
    }
    if (length === 0) {
      if (this.pending.length > MAX_FRAME_BYTES) throw new ProtocolError(`no frame in ${MAX_FRAME_BYTES / 1024} KiB`);
      return null;
    }
    const frame = this.pending.subarray(0, length);
    this.pending = this.pending.subarray(length);
    if (this.pending.length < MAX_QUEUED_BYTES / 2 && this.socket.isPaused() && !this.ended) this.socket.resume();
    return frame;
  }

  private send(reply: Buffer): void {
    if (this.socket.writable) this.socket.write(reply);
  }

  /** A device that does not read its acknowledgements gets no more of them queued in memory. */
  private async unsentDrained(): Promise<void> {
    if (this.socket.writableLength <= MAX_UNSENT_BYTES || !this.socket.writable) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.socket.off('drain', done);
        this.socket.off('close', done);
        resolve();
      };
      this.socket.on('drain', done);
      this.socket.on('close', done);
    });
  }

  private async run(): Promise<void> {
    const { ctx, codec } = this;
    try {
      while (!this.abandoned) {
        let frame: Buffer | null;
        try {
          frame = this.nextFrame();
        } catch (error) {
          // Frames before the garbage were handled; nothing after it can be framed.
          ctx.log.warn(`${codec.protocol}: closing ${this.describe()}: ${reason(error)}`);
          this.pending = Buffer.alloc(0);
          break;
        }
        if (!frame) {
          if (this.ended) break;
          await this.waitForBytes();
          continue;
        }
        await this.unsentDrained();
        const outcome = await handleFrame(ctx, codec, this.options, this.state, frame, this.remote, (reply) => this.send(reply), this.channel);
        if (outcome === 'refused') {
          this.pending = Buffer.alloc(0);
          break;
        }
      }
    } catch (error) {
      // Storage failed: the frame is not acknowledged, and the device sends it again on a new connection.
      ctx.log.warn(`${codec.protocol}: closing ${this.describe()}: ${reason(error)}`);
      this.pending = Buffer.alloc(0);
    }
    if (this.pending.length > 0 && !this.abandoned) {
      ctx.log.warn(`${codec.protocol}: ${this.describe()} closed inside a frame; ${this.pending.length} bytes dropped`);
    }
    this.pending = Buffer.alloc(0);
    this.ended = true;
    // Acknowledgements written so far still go out before the connection is cut.
    if (this.socket.writable) this.socket.end(() => this.socket.destroy());
    else this.socket.destroy();
    if (this.state.device) await ctx.disconnected?.(this.state.device, this.channel).catch(() => undefined);
  }

  private describe(): string {
    return `${this.remote}${this.state.device ? ` (${this.state.device.uniqueId})` : ''}`;
  }
}

/** TCP: one state per connection; frames of a connection are handled strictly in order. */
export async function startTcpListener(ctx: ProtocolContext, codec: StreamCodec, options: StreamListenerOptions): Promise<TcpProtocolListener> {
  const connections = new Set<TcpConnection>();
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    const connection = new TcpConnection(socket, ctx, codec, options);
    connections.add(connection);
    void connection.done.finally(() => connections.delete(connection));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  ctx.log.info(`${codec.protocol}: listening on TCP ${port}`);
  return {
    protocol: codec.protocol,
    transport: 'tcp',
    port,
    connections: () => [...connections].map((c) => c.stats()),
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const connection of connections) connection.cut();
      // What the connections read is still stored, for a while.
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)));
      await Promise.race([Promise.all([...connections].map((c) => c.done)), grace]);
      clearTimeout(timer);
      for (const connection of connections) connection.abandon();
      await closed;
    },
  };
}

interface UdpPeer {
  state: ConnectionState;
  chain: Promise<void>;
  /** Datagrams received and not yet handled. */
  queued: number;
  seen: number;
  channel: DeviceChannel;
}

/**
 * UDP: every datagram is one or more frames; state is kept per remote address and port,
 * replies go back to the sender.
 */
export async function startUdpListener(ctx: ProtocolContext, codec: StreamCodec, options: StreamListenerOptions): Promise<ProtocolListener> {
  const socket = dgram.createSocket('udp4');
  const peers = new Map<string, UdpPeer>();
  socket.on('message', (datagram, rinfo) => {
    const remote = `${rinfo.address}:${rinfo.port}`;
    let entry = peers.get(remote);
    if (!entry) {
      const state: ConnectionState = { device: null, data: {} };
      // A UDP device is reached at the address and port it last sent from.
      const channel = channelFor(codec, state, (data) => socket.send(data, rinfo.port, rinfo.address));
      entry = { state, chain: Promise.resolve(), queued: 0, seen: 0, channel };
      peers.set(remote, entry);
    }
    entry.seen = Date.now();
    const peer = entry;
    // UDP cannot be paused per sender: beyond the bound datagrams are dropped, and being unacknowledged they are resent.
    if (peer.queued >= MAX_QUEUED_DATAGRAMS) {
      ctx.log.warn(`${codec.protocol}: dropped a datagram from ${remote}: ${MAX_QUEUED_DATAGRAMS} already waiting`);
      return;
    }
    peer.queued++;
    peer.chain = peer.chain
      .then(async () => {
        let rest = datagram;
        while (rest.length) {
          const { skipped, length } = locateFrame(codec, rest);
          if (skipped > 0) ctx.log.warn(`${codec.protocol}: skipped ${skipped} bytes of junk from ${remote}`);
          rest = rest.subarray(skipped);
          if (length <= 0) break;
          const frame = rest.subarray(0, length);
          rest = rest.subarray(length);
          const send = (reply: Buffer) => socket.send(reply, rinfo.port, rinfo.address);
          const outcome = await handleFrame(ctx, codec, options, peer.state, frame, remote, send, peer.channel);
          if (outcome === 'refused') break;
        }
      })
      .catch((error: unknown) => {
        ctx.log.warn(`${codec.protocol}: dropped datagram from ${remote}: ${reason(error)}`);
      })
      .finally(() => peer.queued--);
  });
  // Forget silent peers so the map does not grow without bound.
  const sweep = setInterval(() => {
    const cutoff = Date.now() - IDLE_TIMEOUT_MS;
    for (const [remote, entry] of peers) {
      if (entry.seen >= cutoff) continue;
      peers.delete(remote);
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
    transport: 'udp',
    port,
    async close() {
      clearInterval(sweep);
      await new Promise<void>((resolve) => socket.close(() => resolve()));
    },
  };
}
