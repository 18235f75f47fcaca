import crypto from 'node:crypto';
import type { WebPushSubscription } from './push-tokens.ts';
import type { Vapid } from './vapid.ts';

/**
 * Web Push as the browsers' push services speak it: the payload encrypted for the subscription
 * (RFC 8291, `aes128gcm` of RFC 8188) and POSTed to its endpoint (RFC 8030) with VAPID
 * authorization (RFC 8292).
 */

/** One record of 4096 bytes holds any payload this server sends (RFC 8291 §4 caps it at 3993). */
const RECORD_SIZE = 4096;
export const MAX_PAYLOAD = 3993;

export function encryptPayload(subscription: WebPushSubscription, payload: Buffer, salt = crypto.randomBytes(16)): Buffer {
  if (payload.length > MAX_PAYLOAD) throw new Error(`push payload too large: ${payload.length} bytes`);
  const uaPublic = Buffer.from(subscription.keys.p256dh, 'base64url');
  const authSecret = Buffer.from(subscription.keys.auth, 'base64url');
  // a fresh application-server key pair per message (RFC 8291 §3.1)
  const ecdh = crypto.createECDH('prime256v1');
  const asPublic = ecdh.generateKeys();
  const sharedSecret = ecdh.computeSecret(uaPublic);

  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', sharedSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const cipher = crypto.createCipheriv('aes-128-gcm', cek, nonce);
  // 0x02: the padding delimiter of the last (only) record
  const body = Buffer.concat([cipher.update(Buffer.concat([payload, Buffer.from([2])])), cipher.final(), cipher.getAuthTag()]);

  const header = Buffer.alloc(16 + 4 + 1);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  return Buffer.concat([header, asPublic, body]);
}

export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushOptions {
  /** Seconds the push service keeps the message for an offline browser. */
  ttl?: number;
  urgency?: Urgency;
  /** Replaces an undelivered message with the same topic (RFC 8030 §5.4). */
  topic?: string;
}

export interface PushResult {
  status: number;
  /** The push service says the subscription no longer exists (404/410): forget it. */
  gone: boolean;
}

const TIMEOUT_MS = 10_000;

export async function sendPush(vapid: Vapid, subscription: WebPushSubscription, payload: Buffer, options: PushOptions = {}): Promise<PushResult> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/octet-stream',
    'Content-Encoding': 'aes128gcm',
    TTL: String(options.ttl ?? 86_400),
    Urgency: options.urgency ?? 'normal',
    Authorization: await vapid.authorization(subscription.endpoint),
  };
  if (options.topic) headers.Topic = options.topic;
  const response = await fetch(subscription.endpoint, {
    method: 'POST',
    headers,
    body: encryptPayload(subscription, payload),
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  // the body (an error text at most) is not needed, but must be consumed to free the socket
  const text = await response.text().catch(() => '');
  if (!response.ok && response.status !== 404 && response.status !== 410) {
    throw new Error(`push service answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
  }
  return { status: response.status, gone: response.status === 404 || response.status === 410 };
}
