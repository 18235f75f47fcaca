import { connect, type Socket } from 'node:net';

/** A device's TCP connection for listener tests: it keeps what the server sends and notices the close. */
export class TcpDevice {
  received = Buffer.alloc(0);
  closed = false;
  private readonly socket: Socket;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('data', (chunk) => {
      this.received = Buffer.concat([this.received, chunk]);
    });
    this.socket.on('close', () => {
      this.closed = true;
    });
    this.socket.on('error', () => {});
  }

  /** What the server sent, as text (the ASCII protocols). */
  get text(): string {
    return this.received.toString('latin1');
  }

  send(bytes: string | Buffer): void {
    this.socket.write(bytes);
  }

  end(): void {
    this.socket.destroy();
  }
}

/** Polls until `condition` holds; fails naming `what` after `ms`. */
export async function until(condition: () => boolean, what: string, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
