import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProtocolContext, ProtocolListener } from '../types.ts';
import type { OsmAndDecodeOptions } from './decoder.ts';
import { handleOsmAndRequest, type OsmAndReply } from './handler.ts';
import { OSMAND_PROTOCOL } from './position.ts';

export interface OsmAndListenerOptions extends OsmAndDecodeOptions {
  /** 0 picks a free port; the listener reports the one it got. */
  port: number;
  host?: string;
  /** Largest accepted request body (default 64 KiB); larger requests get 413. */
  maxBodyBytes?: number;
}

const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
/** How long close() lets requests in progress finish before cutting their connections. */
const CLOSE_GRACE_MS = 3000;

class BodyTooLarge extends Error {}

/** Starts the OsmAnd HTTP listener (Traccar Client, OsmAnd app and compatible trackers). */
export async function startOsmAndListener(ctx: ProtocolContext, options: OsmAndListenerOptions): Promise<ProtocolListener> {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  let closing = false;

  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      ctx.log.error(`osmand: unexpected failure: ${error instanceof Error ? error.message : String(error)}`);
      reply(res, { status: 500, body: 'internal error' }, true);
    });
  });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const receivedAt = new Date();
    let body: Buffer;
    try {
      body = await readBody(req, maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        // The rest of the body is not read, so the connection cannot be reused.
        reply(res, { status: 413, body: `request body over ${maxBodyBytes} bytes` }, true);
      } else {
        reply(res, { status: 400, body: 'incomplete request' }, true);
      }
      return;
    }
    const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body, receivedAt };
    const remoteAddress = req.socket.remoteAddress ?? '';
    const result = await handleOsmAndRequest(ctx, request, remoteAddress, options);
    reply(res, result, closing);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Once listening, a server error (e.g. out of file descriptors on accept) must not crash the process.
  server.on('error', (error) => ctx.log.error(`osmand: server error: ${error.message}`));
  const { port } = server.address() as AddressInfo;
  ctx.log.info(`osmand: listening on ${options.host ?? '*'}:${port}`);

  return {
    protocol: OSMAND_PROTOCOL,
    transport: 'http',
    port,
    async close() {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CLOSE_GRACE_MS);
      });
      await Promise.race([closed, grace]);
      clearTimeout(timer);
      server.closeAllConnections();
      await closed;
    },
  };
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.pause();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new Error('request aborted'));
    });
  });
}

function reply(res: ServerResponse, { status, body }: OsmAndReply, closeConnection: boolean): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string | number> = { 'Content-Length': Buffer.byteLength(body) };
  if (body) headers['Content-Type'] = 'text/plain; charset=utf-8';
  if (closeConnection) headers.Connection = 'close';
  res.writeHead(status, headers);
  res.end(body);
}
