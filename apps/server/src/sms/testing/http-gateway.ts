import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the gateway does with the next requests: answer with a status and text, or never answer. */
export type GatewayBehaviour = { status: number; body?: string } | 'silent';

/**
 * A real HTTP server on loopback standing in for an HTTP gateway (SMS, WhatsApp) or the Telegram
 * Bot API: it keeps every request it receives and answers as told (200 by default). Told several
 * behaviours, it answers the next requests with them in turn, the last one staying.
 */
export async function startHttpGateway(): Promise<{
  url: string;
  received: ReceivedSms[];
  /** The origin alone (`http://127.0.0.1:port`), for a base URL such as the Bot API's. */
  origin: string;
  behave: (...behaviours: [GatewayBehaviour, ...GatewayBehaviour[]]) => void;
  close: () => Promise<void>;
}> {
  const received: ReceivedSms[] = [];
  let behaviours: GatewayBehaviour[] = [{ status: 200, body: '{"status":"queued"}' }];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const behaviour = behaviours.length > 1 ? behaviours.shift()! : behaviours[0];
      if (behaviour === 'silent') return;
      response.writeHead(behaviour.status, { 'content-type': 'text/plain' }).end(behaviour.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/sms`,
    origin: `http://127.0.0.1:${port}`,
    received,
    behave: (...next) => {
      behaviours = next;
    },
    close: () => {
      // requests left unanswered on purpose would hold close() forever
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
