import { afterEach } from 'vitest';
import type { StreamCodec } from '../codec.ts';
import { startTcpListener, startUdpListener } from '../stream-listener.ts';
import type { ProtocolListener } from '../types.ts';
import type { RecordingContext } from './recording-context.ts';
import { TcpDevice } from './tcp-device.ts';

/** A started TCP listener: its port, and `open` for a device connected to it. */
export interface TcpTestListener {
  port: number;
  open: () => TcpDevice;
}

/**
 * The listeners and connections of a listener test file, closed after each test (connections
 * first, then listeners) by the `afterEach` this registers, so no test file repeats that bookkeeping.
 * Call it at the top level of the file.
 */
export function listenerTestbed(): {
  /** Starts a TCP listener for the codec on a free local port. */
  tcp: (ctx: RecordingContext, codec: StreamCodec, options?: { acceptBadChecksum?: boolean }) => Promise<TcpTestListener>;
  /** Starts a UDP listener for the codec on a free local port. */
  udp: (ctx: RecordingContext, codec: StreamCodec) => Promise<ProtocolListener>;
  /** Something else to close after the test (a client socket of the test's own). */
  closeAfter: (close: () => void) => void;
} {
  const listeners: ProtocolListener[] = [];
  const cleanups: (() => void)[] = [];

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    for (const listener of listeners.splice(0)) await listener.close();
  });

  return {
    async tcp(ctx, codec, options = {}) {
      const listener = await startTcpListener(ctx, codec, { port: 0, host: '127.0.0.1', ...options });
      listeners.push(listener);
      return {
        port: listener.port,
        open: () => {
          const device = new TcpDevice(listener.port);
          cleanups.push(() => device.end());
          return device;
        },
      };
    },
    async udp(ctx, codec) {
      const listener = await startUdpListener(ctx, codec, { port: 0, host: '127.0.0.1' });
      listeners.push(listener);
      return listener;
    },
    closeAfter(close) {
      cleanups.push(close);
    },
  };
}
