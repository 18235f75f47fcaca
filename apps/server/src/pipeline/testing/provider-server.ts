import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test-only: a stand-in geolocation web service on 127.0.0.1 (an ephemeral port). It records
 * every request and answers what the test's `answer` says (now, or when its promise settles): a
 * status and a JSON or text body, or `hang` (never answers) or `stall` (sends the headers and part
 * of a body, never the rest).
 */

export interface ProviderRequest {
  method: string;
  url: URL;
  contentType: string | undefined;
  /** The body parsed as JSON (undefined when there was none). */
  body: unknown;
}

export type ProviderReply = { status?: number; json?: unknown; text?: string } | 'hang' | 'stall';

export interface ProviderServer {
  /** The service's address, with a path, as RASTRO_GEOLOCATION_URL takes it. */
  url: string;
  requests: ProviderRequest[];
  answer: (request: ProviderRequest) => ProviderReply | Promise<ProviderReply>;
  close: () => Promise<void>;
}

export async function startProviderServer(answer: ProviderServer['answer'], path = '/v1/geolocate'): Promise<ProviderServer> {
  const requests: ProviderRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString();
      const request: ProviderRequest = {
        method: req.method ?? '',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        contentType: req.headers['content-type'],
        body: raw ? (JSON.parse(raw) as unknown) : undefined,
      };
      requests.push(request);
      void Promise.resolve(stand.answer(request)).then((reply) => {
        if (reply === 'hang') return;
        if (reply === 'stall') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"location": {"lat": ');
          return;
        }
        const body = reply.text ?? JSON.stringify(reply.json ?? {});
        res.writeHead(reply.status ?? 200, { 'content-type': reply.text === undefined ? 'application/json' : 'text/plain' });
        res.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stand: ProviderServer = {
    url: `http://127.0.0.1:${port}${path}`,
    requests,
    answer,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return stand;
}

/** The Google Geolocation API's answer. */
export const googleAnswer = (lat: number, lng: number, accuracy: number): ProviderReply => ({ json: { location: { lat, lng }, accuracy } });
