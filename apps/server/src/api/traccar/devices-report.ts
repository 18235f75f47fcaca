import type { Position } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { attrs, toDevice } from '../../db/mappers.ts';
import { listDevices } from '../../db/repositories/devices.ts';
import { ClientError } from '../../domain/errors.ts';
import { mailSettings } from '../../notifications/mail.ts';
import { sendMailWithAttachment } from '../../notifications/report-mail.ts';
import { DEVICES_TITLE, devicesWorkbook, type DeviceSheetItem } from '../../reports/devices-sheet.ts';
import { exportFormatOf, localTime, type ExportFormat, type Locale } from '../../reports/format.ts';
import { Pace, paceOf } from '../../reports/pace.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { parseBody } from '../params.ts';
import { latestPositionsJson } from './latest-positions.ts';
import type { UserRow } from '../../db/users.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const MAIL_TEXT: Record<Locale, (time: string) => string> = {
  'pt-BR': (time) => `Segue em anexo a planilha de dispositivos de ${time}.`,
  'en-US': (time) => `The devices spreadsheet of ${time} is attached.`,
  es: (time) => `Se adjunta la hoja de dispositivos del ${time}.`,
};

/**
 * Traccar's `GET /api/reports/devices/{xlsx|mail}`: every device the caller sees with its group and
 * latest position, as a spreadsheet to download, or (`mail`) mailed to the caller in the background
 * (204 at once, as Traccar). Under the same restrictions as the other reports.
 */
export function devicesReportRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;

  async function workbook(user: UserRow, format: ExportFormat, pace: Pace): Promise<Buffer> {
    const visible = await ctx.guards.deviceIds(user);
    const rows = visible.length ? await listDevices(ctx.db, { scope: visible, ids: [], uniqueIds: [] }) : [];
    const positions = new Map((JSON.parse(await latestPositionsJson(ctx, rows.map((r) => r.id), false)) as Position[]).map((p) => [p.deviceId, p]));
    const groupIds = [...new Set(rows.map((r) => r.groupId).filter((id): id is number => id !== null))];
    const groups = new Map(groupIds.length ? (await db.selectFrom('tc_groups').select(['id', 'name']).where('id', 'in', groupIds).execute()).map((g) => [g.id, g.name]) : []);
    const items: DeviceSheetItem[] = rows.map((row) => {
      const live = ctx.registry.cached(row.id);
      const position = positions.get(row.id) ?? null;
      // a position stored without an address gets the offline nearest place: no provider request per device
      const address = position ? (position.address ?? ctx.geocoder.cached(position.latitude, position.longitude, format.locale)
        ?? ctx.geocoder.nearPlace(position.latitude, position.longitude, format.locale, format.distanceUnit)) : null;
      return {
        device: toDevice({ ...row, status: live?.status ?? row.status, lastUpdate: live?.lastUpdate ?? row.lastUpdate }),
        groupName: row.groupId === null ? null : (groups.get(row.groupId) ?? null),
        position: position ? { ...position, address } : null,
      };
    });
    return devicesWorkbook(items, format, pace);
  }

  app.get('/api/reports/devices/:type', async (request, reply) => {
    const user = requireUser(request);
    const { type } = parseBody(z.object({ type: z.enum(['xlsx', 'mail']) }), request.params);
    if (!user.administrator && (user.disableReports || (await ctx.settings.get()).disableReports)) throw new ClientError('Operation restricted');
    await ctx.guards.checkAdvanced(user, 'reports', 'view');
    const server = await ctx.settings.get();
    const format = exportFormatOf({ user: attrs(user.attributes), server: attrs(server.attributes), forceSettings: Boolean(server.forceSettings),
      coordinateFormat: { user: user.coordinateFormat, server: server.coordinateFormat } },
      request.headers['accept-language']);
    if (type === 'xlsx') {
      const file = await workbook(user, format, paceOf(reply));
      return reply.type(XLSX).header('content-disposition', 'attachment; filename=devices.xlsx').send(file);
    }
    if (!user.email.includes('@')) throw new ClientError('The user has no e-mail address');
    if (!(await mailSettings(db))) throw new ClientError('E-mail is not configured');
    const now = localTime(Date.now(), format.timeZone).slice(0, 16);
    // as Traccar: the answer does not wait for the mail; a failure is in the server log
    void (async () => {
      const file = await workbook(user, format, new Pace());
      await sendMailWithAttachment(db, { to: user.email, subject: DEVICES_TITLE[format.locale], text: MAIL_TEXT[format.locale](now),
        attachment: { filename: `devices-${now.slice(0, 10)}.xlsx`, content: file } });
    })().catch((error: unknown) => request.log.error(`devices spreadsheet not mailed to user ${user.id}: ${String(error)}`));
    return reply.code(204).send();
  });
}
