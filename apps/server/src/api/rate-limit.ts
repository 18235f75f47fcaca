import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { SecurityConfig } from '../config/config.ts';
import { ClientError } from '../domain/errors.ts';

/**
 * Limits on failed sign-ins, per account and per client address, counted by @fastify/rate-limit
 * (in memory, or in Redis shared by every node when REDIS_URL is set). Only FAILURES count: a
 * password that does not match, a wrong one-time code, an unknown token. Successful sign-ins do not,
 * so a busy office behind one address, or a client that signs in all day, is never slowed down.
 * Once an account or an address has used up its failures, every sign-in for it answers 429 with
 * `Retry-After` until its window (counted from the first failure) has passed, right password or not:
 * otherwise the limit would still tell a guesser when he hit.
 */
export class TooManyAttempts extends ClientError {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many failed sign-in attempts, try again later', 429);
  }
}

export interface SignInLimits {
  /** Throws TooManyAttempts when the client address, or the account named, has no failure left. */
  check: (request: FastifyRequest, account: string | null) => Promise<void>;
  /** Counts one failure against the address and the account; the next check answers for it. */
  failed: (request: FastifyRequest, account: string | null) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    signInLimits: SignInLimits;
  }
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Registers the limits on the app (`app.signInLimits`). `namespace` names the deployment in Redis:
 * nodes sharing one database share counters; other deployments (or test servers) on the same
 * Redis do not.
 */
export async function registerSignInLimits(app: FastifyInstance, config: SecurityConfig, redisUrl: string | null, namespace: string): Promise<void> {
  // ioredis settings for a limiter (the plugin's advice): fail fast instead of queueing requests
  const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 }) : null;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn(`sign-in limits: Redis: ${error.message}`));
    app.addHook('onClose', (_instance, done) => {
      redis.disconnect();
      done();
    });
  }
  // With Redis unreachable, sign-ins go on unlimited rather than nobody signing in (the live bus is down then too).
  await app.register(rateLimit, { global: false, skipOnError: true, nameSpace: `rastro:sign-in:${namespace}:`, ...(redis ? { redis } : {}) });

  const accountOf = new WeakMap<FastifyRequest, string>();
  const timeWindow = config.loginFailureWindowSeconds * 1000;
  const limiter = (max: number, key: (request: FastifyRequest) => string): Limiter | null =>
    max > 0 ? app.createRateLimit({ max, timeWindow, keyGenerator: key }) : null;
  const byAddress = limiter(config.loginFailuresPerAddress, (request) => `address:${normalizeIP(request.ip)}`);
  const byAccount = limiter(config.loginFailuresPerAccount, (request) => `account:${accountOf.get(request) ?? ''}`);
  // One address runs out on an account long before the account does: a guesser flooding from his
  // own address locks himself out, not the account's owner signing in from elsewhere. Only many
  // addresses together (a botnet) reach the account-wide limit.
  const byAccountAddress = limiter(config.loginFailuresPerAccountAddress,
    (request) => `account-address:${accountOf.get(request) ?? ''}:${normalizeIP(request.ip)}`);

  const limitersFor = (request: FastifyRequest, account: string | null): Limiter[] => {
    const found: Limiter[] = [];
    if (byAddress) found.push(byAddress);
    if ((byAccount || byAccountAddress) && account) {
      accountOf.set(request, account);
      if (byAccount) found.push(byAccount);
      if (byAccountAddress) found.push(byAccountAddress);
    }
    return found;
  };

  /** Answers 429 when any of the counts has reached its maximum. */
  const enforce = (results: Awaited<ReturnType<Limiter>>[]) => {
    for (const result of results) {
      if (!result.isAllowed && result.remaining <= 0 && result.ttl > 0) throw new TooManyAttempts(Math.max(1, result.ttlInSeconds));
    }
  };

  app.decorate('signInLimits', {
    async check(request, account) {
      enforce(await Promise.all(limitersFor(request, account).map((limit) => limit(request, { increment: false }))));
    },
    async failed(request, account) {
      await Promise.all(limitersFor(request, account).map((limit) => limit(request)));
    },
  } satisfies SignInLimits);
}
