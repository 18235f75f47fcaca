import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { attrs } from '../db/mappers.ts';
import type { Database } from '../db/schema.ts';

/**
 * The server's VAPID identity (RFC 8292): one P-256 key pair, generated on first use and kept in
 * the database (`tc_integrations`, key `webpush`), so every node of a cluster signs with the same
 * key and the subscriptions browsers made with its public key keep working after a restart.
 * It is not a server attribute because GET /api/server is public and PUT /api/server replaces them.
 */
export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: the browser's applicationServerKey. */
  publicKey: string;
  privateKey: crypto.KeyObject;
}

const INTEGRATION_KEY = 'webpush';

export class Vapid {
  private keys: Promise<VapidKeys> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    /** The JWT `sub` claim: a mailto: or https: contact for the push services. */
    readonly subject: string,
  ) {}

  get(): Promise<VapidKeys> {
    this.keys ??= this.load().catch((error: unknown) => {
      this.keys = null;
      throw error;
    });
    return this.keys;
  }

  /** `Authorization` header value for a push to `endpoint` (RFC 8292 §3). */
  async authorization(endpoint: string, now = Date.now()): Promise<string> {
    const keys = await this.get();
    const header = { typ: 'JWT', alg: 'ES256' };
    // at most 24 h ahead (RFC 8292 §2); 12 h leaves room for clock skew
    const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + 12 * 3600, sub: this.subject };
    const unsigned = `${b64(JSON.stringify(header))}.${b64(JSON.stringify(claims))}`;
    // JWS wants r||s, not DER
    const signature = crypto.sign('sha256', Buffer.from(unsigned), { key: keys.privateKey, dsaEncoding: 'ieee-p1363' });
    return `vapid t=${unsigned}.${signature.toString('base64url')}, k=${keys.publicKey}`;
  }

  private async load(): Promise<VapidKeys> {
    const stored = await this.read();
    if (stored) return stored;
    const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = privateKey.export({ format: 'jwk' });
    const values = { publicKey: rawPublicKey(jwk.x!, jwk.y!), privateKey: jwk.d! };
    // two nodes starting together: the first insert wins and both read it back
    await this.db.insertInto('tc_integrations').values({ key: INTEGRATION_KEY, attributes: JSON.stringify(values) })
      .onConflict((oc) => oc.column('key').doNothing()).execute();
    const saved = await this.read();
    if (!saved) throw new Error('VAPID keys could not be stored');
    return saved;
  }

  private async read(): Promise<VapidKeys | null> {
    const row = await this.db.selectFrom('tc_integrations').select('attributes').where('key', '=', INTEGRATION_KEY).executeTakeFirst();
    if (!row) return null;
    const { publicKey, privateKey } = attrs(row.attributes);
    if (typeof publicKey !== 'string' || typeof privateKey !== 'string') throw new Error('stored VAPID keys are malformed');
    const point = Buffer.from(publicKey, 'base64url');
    const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url'), d: privateKey };
    return { publicKey, privateKey: crypto.createPrivateKey({ key: jwk, format: 'jwk' }) };
  }
}

function b64(text: string): string {
  return Buffer.from(text).toString('base64url');
}

function rawPublicKey(x: string, y: string): string {
  return Buffer.concat([Buffer.from([4]), Buffer.from(x, 'base64url'), Buffer.from(y, 'base64url')]).toString('base64url');
}
