import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server for component tests, standing in for the tracking server: the app's `api/`
 * layer calls `fetch('/api/…')`, and `install()` points those relative URLs at this server, so a
 * component's requests travel over a socket and the test reads what was sent.
 */

export interface RecordedRequest {
  method: string;
  /** Pathname without the query, e.g. `/api/devices/3`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON, in the shape the test names. */
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- a cast in a name, as for fetch's json()
  json: <T = Record<string, unknown>>() => T;
  /** The body parsed as `application/x-www-form-urlencoded`. */
  form: () => Record<string, string>;
  /** Whether the client closed the connection before the answer was sent (a cancelled request). */
  abandoned: () => boolean;
}

export interface Reply {
  status?: number;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as text/plain (an error message, a token). */
  text?: string;
  headers?: Record<string, string>;
  /** Milliseconds to wait before answering, for a "busy" state. */
  delayMs?: number;
}

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

/** Answers a creation as the server stores it: the body sent, under the new `id`. */
export const storedWithId = (id: number): Handler => (request) => {
  const body: Record<string, unknown> = request.json();
  return { json: { ...body, id } };
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Route {
  method: Method;
  path: string | RegExp;
  handler: Handler;
}

export class TestApi {
  /** Every request received, in order. */
  readonly requests: RecordedRequest[] = [];
  private routes: Route[] = [];
  private restoreFetch: (() => void) | null = null;

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<TestApi> {
    const holder: { api?: TestApi } = {};
    const server = createServer((incoming, response) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const url = new URL(incoming.url ?? '/', 'http://test.invalid');
        const body = Buffer.concat(chunks).toString('utf8');
        let abandoned = false;
        response.once('close', () => {
          if (!response.writableFinished) abandoned = true;
        });
        const request: RecordedRequest = {
          method: incoming.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: incoming.headers,
          body,
          json: () => JSON.parse(body) as never,
          form: () => Object.fromEntries(new URLSearchParams(body)),
          abandoned: () => abandoned,
        };
        void holder.api!.answer(request).then(
          (reply) => {
            const headers: Record<string, string> = { ...reply.headers };
            let payload = '';
            if (reply.json !== undefined) {
              headers['content-type'] ??= 'application/json';
              payload = JSON.stringify(reply.json);
            } else if (reply.text !== undefined) {
              headers['content-type'] ??= 'text/plain; charset=utf-8';
              payload = reply.text;
            }
            response.writeHead(reply.status ?? (reply.json === undefined && reply.text === undefined ? 204 : 200), headers);
            response.end(payload);
          },
          (error: unknown) => {
            response.writeHead(500, { 'content-type': 'text/plain' });
            response.end(String(error));
          },
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    holder.api = new TestApi(server, `http://127.0.0.1:${port}`);
    return holder.api;
  }

  private async answer(request: RecordedRequest): Promise<Reply> {
    this.requests.push(request);
    // the latest route for a path wins, so a test may override a default
    const route = [...this.routes].reverse().find(
      (candidate) =>
        candidate.method === request.method &&
        (typeof candidate.path === 'string' ? candidate.path === request.path : candidate.path.test(request.path)),
    );
    const reply = route ? await route.handler(request) : { status: 404, text: `No route for ${request.method} ${request.path}` };
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    return reply;
  }

  /** Answers `method path` (a pathname, or a pattern) with a fixed reply or a handler's. */
  on(method: Method, path: string | RegExp, reply: Reply | Handler): this {
    this.routes.push({ method, path, handler: typeof reply === 'function' ? reply : () => reply });
    return this;
  }

  /** Shorthand for a 200 JSON answer. */
  json(method: Method, path: string | RegExp, body: unknown): this {
    return this.on(method, path, { json: body });
  }

  /** The requests received for `method path`, in order. */
  received(method: Method, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter(
      (request) => request.method === method && (typeof path === 'string' ? request.path === path : path.test(request.path)),
    );
  }

  /** Routes and recorded requests forgotten, between tests. */
  reset(): void {
    this.routes = [];
    this.requests.length = 0;
  }

  /**
   * Points the page's `fetch` at this server: relative URLs (`/api/…`, `/tarkan/…`, `/config.json`)
   * resolve against its origin, as they would against the page's in a browser.
   */
  install(): void {
    if (this.restoreFetch) return;
    const realFetch = globalThis.fetch;
    const origin = this.origin;
    globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
      realFetch(typeof input === 'string' && input.startsWith('/') ? `${origin}${input}` : input, init);
    this.restoreFetch = () => {
      globalThis.fetch = realFetch;
    };
  }

  async close(): Promise<void> {
    this.restoreFetch?.();
    this.restoreFetch = null;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
