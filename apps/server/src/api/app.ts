import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ClientError } from '../domain/errors.ts';
import { resolveUser } from './auth.ts';
import { boundJsonDepth } from './json-depth.ts';
import { TooManyAttempts, registerSignInLimits } from './rate-limit.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import type { ApiContext } from './context.ts';
import { maskSecrets } from '../domain/secrets.ts';
import { registerAudit } from './audit.ts';
import { logWriter, resolveLogFormat } from './log-output.ts';
import { LogRing, serverLogRoutes } from './log-ring.ts';
import { socketRoutes } from './socket.ts';
import { registerWebPlaceholders } from './web-placeholders.ts';
import { accountRoutes } from './tarkan/account.ts';
import { autolinkRoutes } from './tarkan/autolink.ts';
import { billingRoutes } from './tarkan/billing.ts';
import { resellerRoutes } from './tarkan/resellers.ts';
import { logRoutes } from './tarkan/logs.ts';
import { deliveryRoutes } from './tarkan/deliveries.ts';
import { qrDriverRoutes } from './tarkan/qr-driver.ts';
import { qrDeviceRoutes } from './tarkan/qr-device.ts';
import { deletedDeviceRoutes } from './tarkan/deleted-devices.ts';
import { pushRoutes } from './tarkan/push.ts';
import { tileRoutes } from './tarkan/tiles.ts';
import { notificationRoutes } from './traccar/notifications.ts';
import { shareRoutes } from './tarkan/shares.ts';
import { commandRoutes } from './traccar/commands.ts';
import { computedTestRoutes } from './traccar/computed-test.ts';
import { deviceRoutes } from './traccar/devices.ts';
import { entityRoutes } from './traccar/entities.ts';
import { eventRoutes } from './traccar/events.ts';
import { devicesReportRoutes } from './traccar/devices-report.ts';
import { statisticsRoutes } from './traccar/statistics.ts';
import { videoStreamRoutes } from './traccar/video-stream.ts';
import { groupRoutes } from './traccar/groups.ts';
import { permissionRoutes } from './traccar/permissions.ts';
import { positionRoutes } from './traccar/positions.ts';
import { mediaRoutes } from './traccar/media.ts';
import { reportRoutes } from './traccar/reports.ts';
import { serverRoutes } from './traccar/server.ts';
import { serverToolRoutes } from './traccar/server-tools.ts';
import { geocodeRoutes } from './traccar/geocode.ts';
import { auditLogRoutes } from './traccar/audit-log.ts';
import { deviceImageRoutes } from './traccar/device-image.ts';
import { passwordRoutes } from './traccar/password.ts';
import { sessionRoutes } from './traccar/session.ts';
import { openIdRoutes } from './traccar/openid.ts';
import { totpRoutes } from './traccar/totp.ts';
import { userRoutes } from './traccar/users.ts';

/** How long a 429 for too many failed sign-ins waits before it is sent. */
const REFUSAL_PAUSE_MS = 500;

export async function buildApp(ctx: ApiContext): Promise<FastifyInstance> {
  // the recent lines, for GET /api/server/logs; standard output gets every line, readable on a terminal
  const terminal = process.stdout.isTTY;
  const logRing = new LogRing(logWriter(resolveLogFormat(ctx.config.logFormat, terminal), (text) => void process.stdout.write(text), terminal && !process.env.NO_COLOR));
  const app = Fastify({
    // secrets never reach the server log: the audit log's masking (domain/secrets.ts) on every entry
    logger: { level: ctx.config.logLevel, formatters: { log: maskSecrets }, stream: logRing.stream },
    // Per-request access logs would drown the log at fleet scale; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // close() ends keep-alive connections too, not only idle ones: a client that downloaded a
    // streamed file (device media) would otherwise hold shutdown for the keep-alive timeout
    forceCloseConnections: true,
    // Traccar clients send repeated query keys (id=1&id=2); keep them all.
    routerOptions: { ignoreTrailingSlash: true },
    // behind a reverse proxy: the client's address (rate limits) and https (Secure cookies) from X-Forwarded-*
    trustProxy: trustProxy(ctx.config.security.trustProxy),
  });

  // Responses travel compressed when the client accepts it, at the fastest levels: a 10,000-device
  // fleet's lists are ~7 MB of JSON and shrink 7-8x, for ~2 ms of the server's CPU per MB (brotli
  // at quality 1). The web app's own files are compressed once, at build time (preCompressed below).
  // Request bodies are read as sent: no inflating, so the body limit stays a limit.
  // traccar-web's page and manifest name the server's title and colour for it to fill: before
  // compression, whose hook would otherwise see the text first
  registerWebPlaceholders(app, ctx.settings);
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
    globalDecompression: false,
  });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  boundJsonDepth(app);
  await registerSecurityHeaders(app, ctx);
  await registerSignInLimits(app, ctx.config.security, ctx.config.redisUrl, ctx.deployment);

  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api') && !request.url.startsWith('/tarkan')) return;
    cors(request, reply, ctx.config.security.corsOrigins);
    if (request.method === 'OPTIONS') return reply.code(204).send();
    request.user = await resolveUser(ctx.db.kysely, request, ctx.config.security.corsOrigins);
  });

  // Traccar's daily statistics count API requests and the users making them
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.url.startsWith('/api') || request.url.startsWith('/tarkan')) ctx.statistics.request(request.user?.id ?? null);
    done();
  });

  // Errors are plain text with a clear message, never a stack trace (the client sees only the message).
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof TooManyAttempts) {
      reply.header('Retry-After', String(error.retryAfterSeconds));
      // a refused guesser waits for his answer: clients that resend at once pace themselves to one
      // try per pause each instead of flooding the event loop with cheap 429s (a timer costs nothing)
      await sleep(REFUSAL_PAUSE_MS);
    }
    if (error instanceof ClientError) return reply.code(error.status).type('text/plain').send(error.message);
    if (error.validation || (error.statusCode && error.statusCode < 500)) {
      return reply.code(error.statusCode ?? 400).type('text/plain').send(error.message);
    }
    request.log.error(error);
    return reply.code(500).type('text/plain').send('Internal server error');
  });

  registerAudit(app, ctx);
  for (const routes of [sessionRoutes, openIdRoutes, totpRoutes, passwordRoutes, serverRoutes, serverToolRoutes, geocodeRoutes, auditLogRoutes, userRoutes, deviceRoutes, deviceImageRoutes, groupRoutes, permissionRoutes,
    positionRoutes, mediaRoutes, reportRoutes, devicesReportRoutes, entityRoutes, eventRoutes, statisticsRoutes, videoStreamRoutes, commandRoutes, computedTestRoutes, notificationRoutes, shareRoutes, logRoutes, deliveryRoutes, autolinkRoutes, accountRoutes, pushRoutes, billingRoutes, resellerRoutes, qrDriverRoutes, qrDeviceRoutes, deletedDeviceRoutes, tileRoutes, socketRoutes]) {
    routes(app, ctx);
  }
  serverLogRoutes(app, ctx, logRing);

  registerWebApp(app, ctx.config.webRoot);
  return app;
}

/**
 * CORS for the origins configured in RASTRO_CORS_ORIGINS only. The web app is served by this same
 * server and Traccar's phone apps are not browsers, so by default no other site's page may read
 * the API's answers (with credentials or without).
 */
function cors(request: FastifyRequest, reply: FastifyReply, allowed: readonly string[]): void {
  if (!allowed.length) return;
  reply.header('Vary', 'Origin');
  const origin = request.headers.origin;
  if (!origin || !allowed.includes(origin)) return;
  reply.header('Access-Control-Allow-Origin', origin);
  reply.header('Access-Control-Allow-Headers', 'origin, content-type, accept, authorization');
  reply.header('Access-Control-Allow-Credentials', 'true');
  reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
}

/** A hop count as the function proxy-addr makes of it (Fastify's types take no number). */
function trustProxy(setting: boolean | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Serves the built web app, with index.html for client-side routes; unknown /api paths stay 404. */
function registerWebApp(app: FastifyInstance, webRoot: string | null): void {
  const index = webRoot ? path.join(webRoot, 'index.html') : null;
  if (webRoot && index && fs.existsSync(index)) {
    // Wildcard lookup: files of a rebuilt web app are served without a restart.
    void app.register(fastifyStatic, {
      root: webRoot,
      index: ['index.html'],
      // the build writes .br and .gz beside each file (apps/web/build/precompress.ts)
      preCompressed: true,
      cacheControl: false,
      // the build names every file under assets/ by its content, so a browser keeps them for good
      // and a second visit loads the app's code without a request; the rest (the page, the service
      // worker) is checked each time, so a new build shows at once
      setHeaders: (response, filePath) => {
        const hashed = path.relative(webRoot, filePath).split(path.sep)[0] === 'assets';
        response.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // the same path answers brotli, gzip or plain by the request's accept-encoding
        response.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // a page route gets the app's page; an asset of another build (a tab open across a deployment) a 404
    const notPage = request.url.startsWith('/api') || request.url.startsWith('/tarkan') || request.url.startsWith('/assets/');
    if (!notPage && request.method === 'GET' && index && fs.existsSync(index)) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(index));
    }
    return reply.code(404).type('text/plain').send('Not found');
  });
}
