/** Fetch wrapper for the tracking API: cookies sent, timeouts, errors carrying the server's text. */

export const API_BASE = '/api';
/** The product's extension API (shares, theme, logs, autolink, integrations). */
export const TARKAN_BASE = '/tarkan';
/** Default request timeout; reports will pass 60 s through `timeoutMs`. */
export const API_TIMEOUT_MS = 30_000;

export type ApiErrorKind = 'http' | 'network' | 'timeout';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    /** HTTP status, 0 when no response arrived. */
    readonly status: number,
    message: string,
    /** The `WWW-Authenticate` header of a 401: `TOTP` when the account asks for a one-time code. */
    readonly challenge: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type QueryValue = string | number | boolean | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  json?: unknown;
  /** Media type wanted instead of JSON, e.g. a report as a spreadsheet. */
  accept?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Defaults to the tracking API. */
  base?: typeof API_BASE | typeof TARKAN_BASE;
}

export function buildUrl(path: string, query?: Query, base: string = API_BASE): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

/**
 * The server answers errors with a plain-text message. A Traccar server sends a Java stack trace
 * instead, whose first line is `java.lang.SecurityException: <message>`; keep only the message.
 */
export function serverMessage(body: string, statusText: string): string {
  const text = body.trim();
  if (text === '' || text.startsWith('<')) return statusText;
  const firstLine = text.split('\n', 1)[0].trim();
  const javaException = /^(?:[\w$]+\.)+[\w$]*(?:Exception|Error)(?::\s*(.*))?$/.exec(firstLine);
  const message = javaException ? (javaException[1] ?? '') : firstLine;
  return (message || statusText).slice(0, 300);
}

export async function request(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers = new Headers({ Accept: options.accept ?? 'application/json' });
  let body: BodyInit | undefined;
  if (options.form) {
    body = new URLSearchParams(options.form);
  } else if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }
  const timeout = AbortSignal.timeout(options.timeoutMs ?? API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query, options.base), {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers,
      body,
      signal,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiError('timeout', 0, 'Request timed out');
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('network', 0, error instanceof Error ? error.message : String(error));
  }
  if (response.status >= 400) {
    const text = await response.text().catch(() => '');
    throw new ApiError('http', response.status, serverMessage(text, response.statusText), response.headers.get('www-authenticate'));
  }
  return response;
}

export async function requestJson<T>(path: string, options?: RequestOptions): Promise<T> {
  const response = await request(path, options);
  return (await response.json()) as T;
}

export async function requestVoid(path: string, options?: RequestOptions): Promise<void> {
  await request(path, options);
}

/** Where a device's photo, clip or voice message is served (Traccar's media path; the session cookie authorises it). */
export function mediaUrl(uniqueId: string, file: string): string {
  return `${API_BASE}/media/${encodeURIComponent(uniqueId)}/${encodeURIComponent(file)}`;
}
