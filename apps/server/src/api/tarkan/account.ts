import { attributesSchema } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { attrs } from '../../db/mappers.ts';
import { ClientError } from '../../domain/errors.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { parseBody } from '../params.ts';

/**
 * The product's small endpoints: theme and integrations (spec §7).
 * Theme and integrations are administrator settings; the theme is public to the login page.
 */
export function accountRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;

  // POST /tarkan/notification (push tokens) lives in push.ts.

  app.get('/tarkan/theme', async () => {
    const row = await db.selectFrom('tc_theme').selectAll().orderBy('id').executeTakeFirst();
    return row ? attrs(row.attributes) : {};
  });

  app.put('/tarkan/theme', async (request) => {
    const user = requireUser(request);
    ctx.guards.checkAdmin(user);
    if (ctx.config.licenseMode !== 'plus') throw new ClientError('Plus licence required');
    const theme = parseBody(attributesSchema, request.body);
    const existing = await db.selectFrom('tc_theme').select('id').orderBy('id').executeTakeFirst();
    if (existing) await db.updateTable('tc_theme').set({ attributes: JSON.stringify(theme) }).where('id', '=', existing.id).execute();
    else await db.insertInto('tc_theme').values({ attributes: JSON.stringify(theme) }).execute();
    return theme;
  });

  // Integrations (payment provider, e-mail): secrets never leave the server in full.
  app.get('/tarkan/integrations', async (request) => {
    ctx.guards.checkAdmin(requireUser(request));
    // the server's own VAPID keys (notifications/vapid.ts) are not an editable integration
    const rows = await db.selectFrom('tc_integrations').selectAll().where('key', '!=', 'webpush').orderBy('key').execute();
    return rows.map((r) => ({ key: r.key, list: masked(attrs(r.attributes)) }));
  });

  app.post('/tarkan/integrations/:key', async (request) => {
    ctx.guards.checkAdmin(requireUser(request));
    const { key } = parseBody(z.object({ key: z.enum(['payment', 'email']) }), request.params);
    const values = parseBody(attributesSchema, request.body);
    const current = await db.selectFrom('tc_integrations').selectAll().where('key', '=', key).executeTakeFirst();
    // a masked secret sent back unchanged keeps the stored one
    const merged = { ...(current ? attrs(current.attributes) : {}), ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== MASK)) };
    if (current) await db.updateTable('tc_integrations').set({ attributes: JSON.stringify(merged) }).where('key', '=', key).execute();
    else await db.insertInto('tc_integrations').values({ key, attributes: JSON.stringify(merged) }).execute();
    return { key, list: masked(merged) };
  });
}

const MASK = '••••••';
const SECRET = /password|token|secret/i;

function masked(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, SECRET.test(k) && v ? MASK : v]));
}
