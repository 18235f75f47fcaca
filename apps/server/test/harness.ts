import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { SocketMessage } from '@rastro/api';
import WebSocket from 'ws';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { migrate, openDatabase, type Db } from '../src/db/connection.ts';
import { seedAdmin } from '../src/db/seed.ts';
import { startRastro, type Rastro } from '../src/server.ts';

/**
 * Starts a real server for tests: real HTTP and protocol sockets on free ports, and a real
 * database: a fresh SQLite file, or a fresh schema in the machine's PostgreSQL.
 */
export const PG_URL = process.env.RASTRO_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.RASTRO_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const ADMIN = { email: 'admin@example.com', password: 'admin-secret' };

export type Dialect = 'sqlite' | 'postgres';

async function reachable(check: () => Promise<void>, what: string): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (error) {
    // In CI the services must be there: a missing one fails the run instead of skipping.
    if (process.env.CI === 'true') throw new Error(`${what} is required when CI=true: ${String(error)}`, { cause: error });
    console.warn(`${what} unavailable, its tests are skipped: ${String(error)}`);
    return false;
  }
}

export const postgresAvailable = () =>
  reachable(async () => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.end();
  }, `PostgreSQL at ${PG_URL}`);

export const redisAvailable = () =>
  reachable(async () => {
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    await redis.connect();
    await redis.ping();
    redis.disconnect();
  }, `Redis at ${REDIS_URL}`);

export interface TestServer {
  rastro: Rastro;
  base: string;
  osmand: string;
  /** The server's data directory (RASTRO_DATA_DIR): media, uploaded web files, the SQLite file. */
  dataDir: string;
  /** The port a protocol listens on: its first listener's (TCP where it has one), or the one of `transport`. */
  port: (protocol: string, transport?: 'tcp' | 'udp') => number;
  /** How many times POST /api/server/restart asked for a restart. */
  restarts: number;
  stop: () => Promise<void>;
}

export interface TestServerOptions {
  dialect: Dialect;
  /** Share one PostgreSQL schema between nodes (multi-node tests). */
  pgSchema?: string;
  redis?: boolean;
  env?: Record<string, string>;
  /** Told the SQL of every query the server runs (tests counting what a change costs). */
  onQuery?: (sql: string) => void;
}

export async function createSchema(): Promise<string> {
  const schema = `rastro_test_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  return schema;
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

/** An empty, unmigrated database of its own (a temporary SQLite file, or a PostgreSQL schema, named in `schema`), for migration tests. */
export async function openEmptyTestDatabase(dialect: Dialect): Promise<{ db: Db; schema?: string; close: () => Promise<void> }> {
  let db: Db;
  let schema: string | undefined;
  let remove: () => Promise<void>;
  if (dialect === 'postgres') {
    const own = await createSchema();
    schema = own;
    db = openDatabase({ databaseUrl: PG_URL, dataDir: '', pgSchema: own });
    remove = () => dropSchema(own);
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rastro-db-'));
    db = openDatabase({ databaseUrl: null, dataDir: dir });
    remove = () => {
      fs.rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    };
  }
  return {
    db,
    schema,
    close: async () => {
      await db.close();
      await remove();
    },
  };
}

/** A migrated database of its own (a temporary SQLite file, or a PostgreSQL schema), for tests below the HTTP API. */
export async function openTestDatabase(dialect: Dialect): Promise<{ db: Db; close: () => Promise<void> }> {
  const opened = await openEmptyTestDatabase(dialect);
  await migrate(opened.db);
  return { db: opened.db, close: opened.close };
}

export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rastro-test-'));
  const ownSchema = options.dialect === 'postgres' && !options.pgSchema ? await createSchema() : null;
  const pgSchema = options.pgSchema ?? ownSchema ?? undefined;
  const config = loadConfig({
    RASTRO_HOST: '127.0.0.1',
    RASTRO_PORT: '0',
    RASTRO_PROTOCOL_PORTS: '0',
    RASTRO_DATA_DIR: dataDir,
    RASTRO_WEB_ROOT: '',
    RASTRO_LOG_LEVEL: 'warn',
    ...(options.dialect === 'postgres' ? { DATABASE_URL: PG_URL } : {}),
    ...(options.redis ? { REDIS_URL } : {}),
    ...options.env,
  });
  let restarts = 0;
  const rastro = await startRastro(config, { pgSchema, restart: () => restarts++, onQuery: options.onQuery });
  await seedAdmin(rastro.db.kysely, ADMIN.email, ADMIN.password);
  return {
    rastro,
    base: `http://127.0.0.1:${rastro.port}`,
    osmand: `http://127.0.0.1:${rastro.listeners[0].port}`,
    dataDir,
    get restarts() {
      return restarts;
    },
    port: (protocol, transport) => {
      const listener = rastro.listeners.find((l) => l.protocol === protocol && (!transport || l.transport === transport));
      if (!listener) throw new Error(`no ${protocol} listener`);
      return listener.port;
    },
    async stop() {
      await rastro.stop();
      if (ownSchema) await dropSchema(ownSchema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A stand-in for an object that exists only once a beforeAll hook made it: every property read,
 * write and call goes to the real object. It lets a describe body name `server` and `admin` at
 * collection time (`const { server, admin } = withServer(...)`) and use them in its tests unchanged.
 */
function lateBound<T extends object>(what: string, current: () => T | undefined): T {
  const real = (): T => {
    const value = current();
    if (!value) throw new Error(`${what} is used before its beforeAll ran (or after it failed)`);
    return value;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const target = real();
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}

/**
 * The test server of the enclosing describe block: started in its beforeAll with `options`, the
 * administrator signed in, stopped in its afterAll. Hooks the caller registers afterwards run after
 * these, so they can already use `server` and `admin`.
 */
export function withServer(options: TestServerOptions): { server: TestServer; admin: Client } {
  let server: TestServer | undefined;
  let admin: Client | undefined;
  beforeAll(async () => {
    server = await startTestServer(options);
    admin = await Client.login(server.base, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => server?.stop());
  return { server: lateBound('the test server', () => server), admin: lateBound('the administrator client', () => admin) };
}

/** A migrated database of its own for the enclosing describe block (see openTestDatabase), closed and removed in its afterAll. */
export function withDatabase(dialect: Dialect): { db: Db } {
  let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase(dialect);
  });
  afterAll(async () => opened?.close());
  return { db: lateBound('the test database', () => opened?.db) };
}

/**
 * Two nodes of one deployment for the multi-node tests: one fresh PostgreSQL schema shared by both,
 * Redis between them; both stopped and the schema dropped in the enclosing block's afterAll.
 */
export function withTwoNodes(options: Omit<TestServerOptions, 'dialect' | 'pgSchema' | 'redis'> = {}): { a: TestServer; b: TestServer } {
  let schema: string | undefined;
  let a: TestServer | undefined;
  let b: TestServer | undefined;
  beforeAll(async () => {
    schema = await createSchema();
    a = await startTestServer({ ...options, dialect: 'postgres', pgSchema: schema, redis: true });
    b = await startTestServer({ ...options, dialect: 'postgres', pgSchema: schema, redis: true });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    if (schema) await dropSchema(schema);
  });
  return { a: lateBound('node a', () => a), b: lateBound('node b', () => b) };
}

/** A signed-in API client holding its JSESSIONID cookie, like a browser. */
export class Client {
  cookie = '';

  constructor(readonly base: string) {}

  static async login(base: string, email: string, password: string): Promise<Client> {
    const client = new Client(base);
    const response = await client.form('/api/session', { email, password });
    if (response.status !== 200) throw new Error(`login failed for ${email}: ${response.status} ${await response.text()}`);
    return client;
  }

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const response = await fetch(this.base + url, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
    });
    this.keepCookie(response);
    return response;
  }

  async form(url: string, fields: Record<string, string>): Promise<Response> {
    const response = await fetch(this.base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
    });
    this.keepCookie(response);
    return response;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read untyped on purpose: the tests' assertions check them (eslint.config.js turns the no-unsafe-* rules off here for the same reason)
  async json<T = any>(method: string, url: string, body?: unknown): Promise<T> {
    const response = await this.request(method, url, body);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url} -> ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  /**
   * Saves the server as read with `attributes` set over its stored ones (the usual way a test turns
   * a server option on); answers the server as read before, to put back.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read untyped, as json() answers
  async setServerAttributes(attributes: Record<string, unknown>): Promise<any> {
    const current = await this.json('GET', '/api/server');
    await this.json('PUT', '/api/server', { ...current, attributes: { ...current.attributes, ...attributes } });
    return current;
  }

  /**
   * Saves the server as read with the top-level `fields` set over it (registration, mapUrl, ...),
   * as setServerAttributes does for attributes; answers the server as read before, to put back.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read untyped, as json() answers
  async setServer(fields: Record<string, unknown>): Promise<any> {
    const current = await this.json('GET', '/api/server');
    await this.json('PUT', '/api/server', { ...current, ...fields });
    return current;
  }

  socket(): LiveClient {
    return new LiveClient(this.base.replace('http', 'ws') + '/api/socket', { cookie: this.cookie });
  }

  private keepCookie(response: Response): void {
    const set = response.headers.get('set-cookie');
    const match = set?.match(/JSESSIONID=([^;]*)/);
    if (match) this.cookie = match[1] ? `JSESSIONID=${match[1]}` : '';
  }
}

/** A live socket that records every frame and lets a test wait for one. */
export class LiveClient {
  readonly frames: SocketMessage[] = [];
  readonly ws: WebSocket;
  readonly opened: Promise<void>;
  private waiters: (() => void)[] = [];

  constructor(url: string, headers: Record<string, string>) {
    this.ws = new WebSocket(url, { headers });
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
      this.ws.once('unexpected-response', (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)));
    });
    this.ws.on('message', (data) => {
      this.frames.push(JSON.parse((data as Buffer).toString()) as SocketMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  async waitFor<T>(pick: (frame: SocketMessage) => T | undefined, timeoutMs = 10000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const frame of this.frames) {
        const found = pick(frame);
        if (found !== undefined) return found;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames).slice(0, 500)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.ws.close();
  }
}

/** Sends one OsmAnd report the way the Traccar Client app does (query string). */
export async function reportOsmAnd(osmand: string, params: Record<string, string | number>): Promise<Response> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  return fetch(`${osmand}/?${query.toString()}`, { method: 'POST' });
}

/** A fix time `secondsAgo` before now, in Unix seconds (OsmAnd's timestamp): GET /api/positions lists recent fixes only. */
export const unixSecondsAgo = (secondsAgo: number): number => Math.floor(Date.now() / 1000) - secondsAgo;
