import type { FastifyInstance } from 'fastify';

/**
 * The routes the running app really serves, as `METHOD /path` (HEAD, which Fastify adds to
 * every GET, left out). Read from Fastify's own route tree (`printRoutes`); every line must be
 * understood and every route found must answer `hasRoute`, so a change in the printed format
 * fails loudly instead of hiding routes.
 */
export function servedRoutes(app: FastifyInstance): string[] {
  const text = app.printRoutes({ commonPrefix: false });
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) throw new Error(`route tree line not understood: ${JSON.stringify(line)}`);
    const depth = match[1].length / 4;
    prefixes.length = depth;
    prefixes.push(match[2]);
    const path = prefixes.join('');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim()).filter(Boolean)) {
      if (method === 'HEAD') continue;
      if (!app.hasRoute({ method: method, url: path })) throw new Error(`route tree names ${method} ${path}, which the app does not have`);
      routes.push(`${method} ${path}`);
    }
  }
  if (routes.length === 0) throw new Error('no routes read from the app');
  return routes.sort();
}
