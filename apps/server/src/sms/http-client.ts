import type { GatewaySettings } from './settings.ts';

/** How long a gateway may take to answer before the message counts as not sent. */
export const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * What became of one message. A failure says why, and whether trying again later may help: a
 * network error, a timeout, a 5xx, 408 or 429 may pass; a refusal (another 4xx, a redirect) will not.
 */
export type SendResult = { ok: true } | { ok: false; reason: string; retry: boolean };

/** One HTTP POST, as it goes out. */
export interface HttpPost {
  url: string;
  headers: Record<string, string>;
  body: string;
}

type BodyFormat = 'json' | 'xml' | 'form';

/** Traccar's rule: a template starting with `{` or `[` is JSON, with `<` XML, anything else a form. */
function formatOf(template: string): BodyFormat {
  if (template.startsWith('{') || template.startsWith('[')) return 'json';
  if (template.startsWith('<')) return 'xml';
  return 'form';
}

const CONTENT_TYPE: Record<BodyFormat, string> = {
  json: 'application/json; charset=UTF-8',
  xml: 'application/xml; charset=UTF-8',
  form: 'application/x-www-form-urlencoded; charset=UTF-8',
};

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** A value made safe for its place in the template (Traccar leaves XML unescaped; a `<` in a message would break it). */
function escape(value: string, format: BodyFormat): string {
  if (format === 'json') return JSON.stringify(value).slice(1, -1);
  if (format === 'xml') return value.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]);
  return encodeURIComponent(value);
}

/** The POST a template gateway (SMS, WhatsApp) receives: the template with `{phone}` and `{message}` filled in. */
export function templateRequest(settings: GatewaySettings, phone: string, message: string): HttpPost {
  const format = formatOf(settings.template);
  // one pass, so a message containing "{phone}" stays as written
  const body = settings.template.replace(/\{(phone|message)\}/g, (_, name: string) => escape(name === 'phone' ? phone : message, format));
  const headers: Record<string, string> = { 'content-type': CONTENT_TYPE[format] };
  if (settings.authorization) headers[settings.authorization.header] = settings.authorization.value;
  return { url: settings.url, headers, body };
}

/** Reasons are shown to users and logged: a gateway's error page is cut short. */
const REASON_LENGTH = 200;

/** Statuses worth another try later: the service is busy, down or slow, not refusing the message. */
const transient = (status: number) => status >= 500 || status === 408 || status === 429;

export interface PostOptions {
  timeoutMs?: number;
  /** Who answers, in reasons: "gateway answered 401: …", "Telegram answered 400: …". */
  peer?: string;
  /** The part of an error answer worth showing (default: its text on one line). */
  detail?: (text: string) => string;
}

/**
 * Posts one message. Any 2xx answer is success (as Traccar's HttpSmsClient); anything else, a
 * redirect included (it would turn the POST into a GET without the message), a network error or
 * no answer within the timeout is a failure with its reason.
 */
export async function postMessage(request: HttpPost, options: PostOptions = {}): Promise<SendResult> {
  const { timeoutMs = GATEWAY_TIMEOUT_MS, peer = 'gateway', detail = (text: string) => text } = options;
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status >= 200 && response.status < 300) {
      await response.body?.cancel();
      return { ok: true };
    }
    const text = detail((await response.text()).trim()).trim().replace(/\s+/g, ' ');
    const shown = text.length > REASON_LENGTH ? `${text.slice(0, REASON_LENGTH)}…` : text;
    return { ok: false, reason: `${peer} answered ${response.status}${shown ? `: ${shown}` : ''}`, retry: transient(response.status) };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') return { ok: false, reason: `${peer} did not answer within ${timeoutMs} ms`, retry: true };
    return { ok: false, reason: `${peer} request failed: ${causeOf(error)}`, retry: true };
  }
}

/** One message through a template gateway (SMS, WhatsApp). */
export function sendTemplate(settings: GatewaySettings, phone: string, message: string, timeoutMs = GATEWAY_TIMEOUT_MS): Promise<SendResult> {
  return postMessage(templateRequest(settings, phone, message), { timeoutMs });
}

/** fetch reports "fetch failed"; what went wrong (ECONNREFUSED, a TLS error, …) is its cause, or the error itself (a bad header name). */
function causeOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof Error) return 'code' in cause && typeof cause.code === 'string' ? cause.code : cause.message;
  return String(cause);
}
