import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerRow } from '../db/server-settings.ts';
import type { ApiContext } from './context.ts';

/**
 * Security headers on every response (@fastify/helmet): a Content-Security-Policy fitted to the web
 * app, framing only by RASTRO_FRAME_ANCESTORS (default the app itself), `nosniff`, and a referrer
 * policy that sends other sites the origin only (tile servers such as OpenStreetMap's refuse
 * requests without one; paths and share-link tokens stay home).
 *
 * What the app needs: its own scripts only (no inline script, no eval); inline styles (MUI's
 * emotion and MapLibre set them at run time); MapLibre's workers from blob: URLs; images and tile
 * requests from data:/blob: and from tile servers. Tile templates can be set per user (the account
 * page's `map`) and change while a page is open, so every https host is allowed for images and
 * fetches rather than a list fixed when the page loaded; plain-http tile servers (a LAN tile server)
 * are allowed when the server's `mapUrl` or `map` names one.
 */
export async function registerSecurityHeaders(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { frameAncestors } = ctx.config.security;
  const httpTiles = new WeakMap<IncomingMessage, string[]>();
  // before helmet's own hook, which reads what this one found
  app.addHook('onRequest', async (request) => {
    httpTiles.set(request.raw, httpTileOrigins(await ctx.settings.get()));
  });
  const tiles = (request: IncomingMessage) => (httpTiles.get(request) ?? []).join(' ');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', tiles],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers the live socket (ws/wss to the same host) in CSP 3 browsers
        connectSrc: ["'self'", 'https:', tiles],
        workerSrc: ["'self'", 'blob:'],
        childSrc: ["'self'", 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        manifestSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors,
      },
    },
    // X-Frame-Options cannot name other sites; with framing opened to them, frame-ancestors alone decides
    xFrameOptions: frameAncestors.length === 1 && frameAncestors[0] === "'self'" ? { action: 'sameorigin' } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // the sites allowed by RASTRO_CORS_ORIGINS may also show the API's images (device photos)
    crossOriginResourcePolicy: { policy: ctx.config.security.corsOrigins.length ? 'cross-origin' : 'same-origin' },
    // a subdomain of the operator's domain may still be plain http; browsers ignore it on http
    strictTransportSecurity: { maxAge: 15552000, includeSubDomains: false },
  });
}

/** Origins of plain-http tile templates the server names (https ones are allowed as a whole). */
export function httpTileOrigins(server: Pick<ServerRow, 'mapUrl' | 'map'>): string[] {
  const origins = new Set<string>();
  for (const template of [server.mapUrl, server.map]) {
    const match = /^http:\/\/[^/?#{}\s]+/i.exec(template?.trim() ?? '');
    if (!match) continue;
    try {
      origins.add(new URL(match[0]).origin);
    } catch {
      // not a URL: nothing to allow
    }
  }
  return [...origins];
}
