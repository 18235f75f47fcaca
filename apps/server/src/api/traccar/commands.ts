import { COMMAND_TYPES, attributesSchema, isEngineCommand, lockUnlockEnabled } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { attrs } from '../../db/mappers.ts';
import { findSavedCommand, savedCommandsFor } from '../../db/repositories/entities.ts';
import { userHasLink } from '../../db/repositories/links.ts';
import type { UserRow } from '../../db/users.ts';
import { ClientError, accessDenied, notFound } from '../../domain/errors.ts';
import { substitute } from '../../live/commands.ts';
import { ProtocolError } from '../../protocols/codec.ts';
import { commandTypesOf } from '../../protocols/registry.ts';
import { TEXT_COMMAND_TYPES, commandText } from '../../sms/text-command.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { list, optionalId, parseBody } from '../params.ts';

// Traccar's Command ignores unknown properties, so this schema is not strict.
const sendSchema = z.object({
  id: z.number().int().nonnegative().optional(),
  deviceId: z.number().int().positive('deviceId is required'),
  description: z.string().max(512).nullish(),
  type: z.string().max(128).nullish(),
  textChannel: z.boolean().nullish(),
  attributes: attributesSchema.nullish(),
});

export function commandRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;

  async function protocolOf(deviceId: number): Promise<string | null> {
    return ctx.commands.protocolOf(deviceId) ?? (await ctx.registry.lastPosition(deviceId))?.protocol ?? null;
  }

  async function commandsLimited(user: UserRow): Promise<boolean> {
    return !user.administrator && (Boolean(user.limitCommands) || Boolean((await ctx.settings.get()).limitCommands));
  }

  // spec §3 `enableLockUnlock`: off, engine stop and resume (Lock and Unlock) are neither offered
  // nor sent, to anyone, saved commands of those types included
  async function lockUnlockOff(): Promise<boolean> {
    return !lockUnlockEnabled(attrs((await ctx.settings.get()).attributes));
  }

  async function offered(types: readonly string[]): Promise<{ type: string }[]> {
    const off = await lockUnlockOff();
    return types.filter((type) => !(off && isEngineCommand(type))).map((type) => ({ type }));
  }

  // Traccar's text channel: the command's text to the device's phone through the SMS gateway,
  // now or never (an SMS is not queued), so the answer says whether the gateway took it.
  async function sendBySms(device: { uniqueId: string; phone: string | null }, command: { type: string; attributes: Record<string, unknown> }): Promise<void> {
    if (!(await ctx.sms.available())) throw new ClientError('SMS not configured');
    const text = commandText(substitute(command, device.uniqueId));
    const phone = device.phone?.trim();
    if (!phone) throw new ClientError('Device has no phone number');
    const result = await ctx.sms.send(phone, text);
    if (!result.ok) throw new ClientError(`SMS not sent: ${result.reason}`);
  }

  app.get('/api/commands/types', async (request) => {
    const user = requireUser(request);
    const query = request.query as Record<string, unknown>;
    const deviceId = optionalId(query.deviceId, 'deviceId');
    if (deviceId === null) return offered(COMMAND_TYPES);
    await ctx.guards.checkDevice(user, deviceId);
    if (list(query.textChannel)[0] === 'true') return offered(TEXT_COMMAND_TYPES);
    return offered(commandTypesOf(await protocolOf(deviceId)));
  });

  // Saved commands the caller may send to this device: his own (the only ones POST lets a
  // non-administrator send, as in Traccar), and for administrators also those linked to the
  // device or its group; another user's command linked to a device both see stays his.
  app.get('/api/commands/send', async (request) => {
    const user = requireUser(request);
    const deviceId = optionalId((request.query as Record<string, unknown>).deviceId, 'deviceId');
    if (deviceId === null) throw new ClientError('deviceId is required');
    await ctx.guards.checkDevice(user, deviceId);
    const device = await ctx.registry.get(deviceId);
    const supported = new Set(commandTypesOf(await protocolOf(deviceId)));
    const rows = await savedCommandsFor(db, user.id, user.administrator ? { deviceId, groupId: device?.groupId ?? null } : null);
    // as Traccar: a text-channel command is listed when the text channel carries its type
    const lockUnlockOn = !(await lockUnlockOff());
    const listed = rows.filter((r) => lockUnlockOn || !isEngineCommand(r.type));
    return listed.filter((r) => (r.textChannel ? TEXT_COMMAND_TYPES.includes(r.type) : supported.has(r.type))).map((r) => ({
      id: r.id, deviceId, description: r.description, type: r.type, textChannel: Boolean(r.textChannel), attributes: attrs(r.attributes),
    }));
  });

  app.post('/api/commands/send', async (request, reply) => {
    const user = requireUser(request);
    const body = parseBody(sendSchema, request.body);
    await ctx.guards.checkDevice(user, body.deviceId);
    await ctx.guards.checkReadonly(user);
    let command: { id: number; description: string | null; type: string; textChannel: boolean; attributes: Record<string, unknown> };
    if (body.id) {
      const saved = await findSavedCommand(db, body.id);
      if (!saved) throw notFound('Command');
      if (!user.administrator && !(await userHasLink(db, 'commandId', user.id, body.id))) throw accessDenied('Command');
      command = { id: saved.id, description: saved.description, type: saved.type, textChannel: Boolean(saved.textChannel), attributes: attrs(saved.attributes) };
    } else {
      if (await commandsLimited(user)) throw new ClientError('Operation restricted');
      if (!body.type) throw new ClientError('Invalid request: type: type is required');
      command = { id: 0, description: body.description ?? null, type: body.type, textChannel: Boolean(body.textChannel), attributes: body.attributes ?? {} };
    }
    if (command.type === 'custom' && typeof command.attributes.data !== 'string') throw new ClientError('Invalid request: attributes.data: the custom command text is required');
    if (isEngineCommand(command.type) && (await lockUnlockOff())) throw new ClientError('Lock and unlock are disabled');
    await ctx.guards.checkAdvanced(user, 'devices', command.type === 'engineStop' ? 'lock' : command.type === 'engineResume' ? 'unlock' : 'command');
    const device = await ctx.registry.get(body.deviceId);
    if (!device) throw notFound('Device');
    if (command.textChannel) {
      await sendBySms(device, command);
      return { ...command, deviceId: device.id };
    }
    let outcome;
    try {
      outcome = await ctx.commands.send(device.id, device.uniqueId, { type: command.type, attributes: command.attributes });
    } catch (error) {
      if (error instanceof ProtocolError) throw new ClientError(error.message);
      throw error;
    }
    if (!outcome) throw new ClientError('Failed to send command');
    const wire = { ...command, deviceId: device.id };
    if (outcome.sent) return wire;
    return reply.code(202).send({ id: outcome.queuedId, deviceId: device.id, type: command.type, textChannel: command.textChannel, attributes: command.attributes });
  });
}
