/**
 * The user attribute `notificationTokens` (Traccar's): a comma-joined list of push tokens. Phone
 * apps put plain Firebase tokens there; browsers put Web Push subscriptions, stored as their JSON.
 * JSON has commas of its own, so the list is split only at commas outside a JSON object; a client
 * that naively splits and re-joins the string (Traccar Manager does) leaves it unchanged.
 */

/** A Web Push subscription (the browser's PushSubscription.toJSON(), without expirationTime). */
export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Tokens kept per user: registering one more drops the oldest. */
export const MAX_TOKENS = 20;
/** Longest token accepted (a subscription's JSON is about 400 characters with a long endpoint). */
export const MAX_TOKEN_LENGTH = 4096;

export function parseTokens(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  const tokens: string[] = [];
  let i = 0;
  while (i < value.length) {
    let end: number;
    if (value[i] === '{') {
      end = endOfObject(value, i);
    } else {
      end = value.indexOf(',', i);
      if (end < 0) end = value.length;
    }
    const token = value.slice(i, end).trim();
    if (token) tokens.push(token);
    // skip the separator (and anything up to it when an object was unbalanced)
    const comma = value.indexOf(',', end);
    i = comma < 0 ? value.length : comma + 1;
  }
  return tokens;
}

/** Index just past the `}` closing the object opened at `start` (or the end of the text). */
function endOfObject(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return text.length;
}

export function joinTokens(tokens: string[]): string {
  return tokens.join(',');
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function base64urlBytes(text: unknown): Buffer | null {
  return typeof text === 'string' && BASE64URL.test(text) ? Buffer.from(text, 'base64url') : null;
}

/**
 * Reads a token as a Web Push subscription: null for anything else (a Firebase token). Throws with
 * a clear message when it is JSON but not a usable subscription.
 */
export function readSubscription(token: string, allowHttp: boolean): WebPushSubscription | null {
  if (!token.startsWith('{')) return null;
  let value: unknown;
  try {
    value = JSON.parse(token);
  } catch {
    throw new Error('token looks like a Web Push subscription but is not valid JSON');
  }
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const keys = (typeof record.keys === 'object' && record.keys !== null ? record.keys : {}) as Record<string, unknown>;
  let url: URL;
  try {
    url = new URL(String(record.endpoint));
  } catch {
    throw new Error('subscription endpoint must be a URL');
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) {
    throw new Error('subscription endpoint must be an https:// URL');
  }
  const p256dh = base64urlBytes(keys.p256dh);
  // an uncompressed P-256 point: 0x04, then x and y
  if (!p256dh || p256dh.length !== 65 || p256dh[0] !== 4) throw new Error('subscription keys.p256dh must be a base64url P-256 public key');
  const auth = base64urlBytes(keys.auth);
  if (!auth || auth.length !== 16) throw new Error('subscription keys.auth must be a base64url 16-byte secret');
  return { endpoint: url.href, keys: { p256dh: String(keys.p256dh), auth: String(keys.auth) } };
}

/** The stored form: canonical, so the same subscription registered twice is one token. */
export function subscriptionToken(subscription: WebPushSubscription): string {
  return JSON.stringify({ endpoint: subscription.endpoint, keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth } });
}

/** The endpoint of a stored Web Push token, without validating it (for matching on removal). */
export function endpointOf(token: string): string | null {
  if (!token.startsWith('{')) return null;
  try {
    const value = JSON.parse(token) as { endpoint?: unknown };
    return typeof value.endpoint === 'string' ? new URL(value.endpoint).href : null;
  } catch {
    return null;
  }
}

/** Adds a token (replacing one with the same subscription endpoint), keeping the newest MAX_TOKENS. */
export function addToken(tokens: string[], token: string): string[] {
  const endpoint = endpointOf(token);
  const kept = tokens.filter((t) => t !== token && (endpoint === null || endpointOf(t) !== endpoint));
  return [...kept, token].slice(-MAX_TOKENS);
}

/** Removes a token: the same text, or a subscription with the same endpoint. */
export function removeToken(tokens: string[], token: string): string[] {
  const endpoint = endpointOf(token);
  return tokens.filter((t) => t !== token && (endpoint === null || endpointOf(t) !== endpoint));
}
