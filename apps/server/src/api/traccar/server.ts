import { serverInputSchema } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import { flag, toServer } from '../../db/mappers.ts';
import { updateServer } from '../../db/repositories/server.ts';
import { mapViewColumns, restrictionColumns } from '../../db/shared-columns.ts';
import { countUsers } from '../../db/users.ts';
import { attrs } from '../../domain/json.ts';
import { TELEGRAM_PROTECTED } from '../../notifications/telegram.ts';
import { MAP_KEY_ATTRIBUTES } from '../../tiles/providers.ts';
import { hiddenFromAll, keptAttributes, protectedKeys, shownAttributes } from '../../domain/secrets.ts';
import { SMS_PROTECTED, WHATSAPP_PROTECTED, smsSettingsOf } from '../../sms/settings.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { parseBody } from '../params.ts';

/**
 * The notification channels' settings and the map providers' keys among the server attributes:
 * masked in GET /api/server (the tile proxy adds the map keys to its requests, so no browser needs them).
 */
const MAP_KEYS = hiddenFromAll(MAP_KEY_ATTRIBUTES);
const CHANNEL_KEYS = protectedKeys(SMS_PROTECTED, WHATSAPP_PROTECTED, TELEGRAM_PROTECTED, MAP_KEYS);

export function serverRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;

  // Anyone may read the server; the gateways', the bot's and the map providers' keys are masked (domain/secrets.ts).
  const current = async (administrator: boolean) => {
    const row = await ctx.settings.get();
    const attributes = attrs(row.attributes);
    const textEnabled = smsSettingsOf(attributes) !== null;
    const server = toServer(row, { newServer: (await countUsers(db)) === 0, emailEnabled: false, textEnabled });
    // GET /api/server/geocode always has an address to give (the offline place data without a provider)
    // the login page offers OpenID Connect (and only it, with force) when RASTRO_OPENID_* are set
    const openid = ctx.config.openid;
    return { ...server, geocoderEnabled: true, openIdEnabled: openid !== null, openIdForce: openid?.force ?? false,
      attributes: shownAttributes(attributes, administrator, CHANNEL_KEYS) };
  };

  // Public: the web app reads it before sign-in, with the licence headers of spec §7.
  app.get('/api/server', async (request, reply) => {
    reply.header('licensemode', ctx.config.licenseMode);
    reply.header('devicelimit', String(ctx.config.licenseDeviceLimit));
    return current(Boolean(request.user?.administrator));
  });

  app.put('/api/server', async (request) => {
    ctx.guards.checkAdmin(requireUser(request));
    const input = parseBody(serverInputSchema, request.body);
    // Full replace, as Traccar's PUT: omitted fields fall back to empty values.
    await updateServer(ctx, ctx.settings, {
      registration: flag(input.registration),
      ...restrictionColumns(input),
      ...mapViewColumns(input),
      bingKey: input.bingKey ?? null,
      mapUrl: input.mapUrl ?? null,
      overlayUrl: input.overlayUrl ?? null,
      announcement: input.announcement ?? null,
      forceSettings: flag(input.forceSettings),
      attributes: JSON.stringify(keptAttributes(input.attributes ?? {}, attrs((await ctx.settings.get()).attributes), CHANNEL_KEYS)),
    });
    return current(true);
  });

  // Spec §7 names it restart, Traccar reboot: answered first, then the process restarts.
  for (const path of ['/api/server/restart', '/api/server/reboot']) {
    app.post(path, async (request, reply) => {
      ctx.guards.checkAdmin(requireUser(request));
      reply.raw.once('finish', () => ctx.restart());
      return reply.code(204).send();
    });
  }

  app.get('/api/health', async (_request, reply) => reply.type('text/plain').send('OK'));
}
