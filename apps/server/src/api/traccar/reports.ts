import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { expandGroups } from '../../db/access.ts';
import { idIn } from '../../db/id-list.ts';
import { attrs, toEvent } from '../../db/mappers.ts';
import { KEY } from '../../position/keys.ts';
import { storedToWire } from '../../position/mappers.ts';
import { deviceIdsInGroups } from '../../db/repositories/devices.ts';
import { groupParents } from '../../db/repositories/groups.ts';
import type { UserRow } from '../../db/users.ts';
import { ClientError } from '../../domain/errors.ts';
import { asText } from '../../domain/json.ts';
import { driverNames, positionsBetween, reportDevices, type ReportDevice } from '../../reports/data.ts';
import { dailyRanges, validTimeZone } from '../../reports/days.ts';
import { pickLocale, type ExportFormat } from '../../reports/format.ts';
import { stopItem, summaryItem, tripItem } from '../../reports/items.ts';
import { jsonArray, paceOf, type Pace } from '../../reports/pace.ts';
import { checkPeriod } from '../../reports/period.ts';
import { positionsCsv, positionsGpx, positionsKml, positionsKmz } from '../../reports/positions-export.ts';
import { segments } from '../../reports/segments.ts';
import { reportWorkbook, type SheetKind } from '../../reports/xlsx.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { ids, list, optionalId, time } from '../params.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EVENTS_PAGE = 5000;
type Query = Record<string, unknown>;

/**
 * Traccar's report API: route, events, trips, stops and summary for the devices asked for
 * (`deviceId`, `groupId` with subgroups, or every visible device), as JSON, or as a spreadsheet
 * with `Accept: …spreadsheetml.sheet` or the `/xlsx` suffix. Plus position history as files.
 */
export function reportRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;

  async function checkReports(user: UserRow): Promise<void> {
    if (!user.administrator && (user.disableReports || (await ctx.settings.get()).disableReports)) throw new ClientError('Operation restricted');
    await ctx.guards.checkAdvanced(user, 'reports', 'view');
  }

  /** deviceId and groupId repeated (groups with their subgroups); neither = every visible device. */
  async function devicesOf(user: UserRow, query: Query): Promise<ReportDevice[]> {
    await checkReports(user);
    const deviceIds = ids(query.deviceId, 'deviceId');
    const groupIds = ids(query.groupId, 'groupId');
    const visible = await ctx.guards.deviceIds(user);
    if (!deviceIds.length && !groupIds.length) return reportDevices(db, ctx.db.dialect, visible);
    const allowed = new Set(visible);
    const result = new Set<number>();
    for (const id of deviceIds) {
      await ctx.guards.checkDevice(user, id);
      result.add(id);
    }
    if (groupIds.length) {
      for (const id of groupIds) await ctx.guards.checkGroup(user, id);
      const groups = expandGroups(groupIds, await groupParents(db));
      for (const id of await deviceIdsInGroups(ctx.db, groups)) if (user.administrator || allowed.has(id)) result.add(id);
    }
    return reportDevices(db, ctx.db.dialect, [...result]);
  }

  /** from and to, within RASTRO_REPORT_MAX_DAYS of each other. */
  function period(query: Query): [number, number] {
    const from = time(query.from, 'from');
    const to = time(query.to, 'to');
    checkPeriod(from, to, ctx.config.reportMaxDays);
    return [from, to];
  }

  /** The user's preferences, unless the server forces its own (Traccar's forceSettings). */
  async function preference(user: UserRow, key: string): Promise<unknown> {
    const server = await ctx.settings.get();
    const serverValue = attrs(server.attributes)[key];
    const userValue = attrs(user.attributes)[key];
    return server.forceSettings ? (serverValue ?? userValue) : (userValue ?? serverValue);
  }

  async function exportFormat(request: FastifyRequest, user: UserRow): Promise<ExportFormat> {
    const speed = await preference(user, 'speedUnit');
    const distance = await preference(user, 'distanceUnit');
    return {
      locale: pickLocale(request.headers['accept-language'], await preference(user, 'tarkan.lang')),
      timeZone: validTimeZone(await preference(user, 'timezone')) ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      speedUnit: speed === 'mph' || speed === 'kn' ? speed : 'kmh',
      distanceUnit: distance === 'mi' ? 'mi' : 'km',
    };
  }

  async function lookupFor(deviceId: number) {
    const context = await ctx.contexts.get(deviceId);
    return { lookup: (key: string) => context?.lookup(key) };
  }

  /**
   * Registers `path` and `path/xlsx`; the spreadsheet is chosen by suffix or Accept header. The
   * work is paced (reports/pace.ts): other requests run between its steps, and it stops when the
   * client goes away.
   */
  function report(kind: SheetKind, build: (user: UserRow, query: Query, pace: Pace) => Promise<object[]>): void {
    const handler = (forceXlsx: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      const user = requireUser(request);
      const pace = paceOf(reply);
      const items = await build(user, request.query as Query, pace);
      if (!forceXlsx && !(request.headers.accept ?? '').includes(XLSX)) {
        return reply.type('application/json; charset=utf-8').send(await jsonArray(items, pace));
      }
      const workbook = await reportWorkbook(kind, items, await exportFormat(request, user), pace);
      return reply.type(XLSX).header('content-disposition', 'attachment; filename=report.xlsx').send(workbook);
    };
    app.get(`/api/reports/${kind}`, handler(false));
    app.get(`/api/reports/${kind}/xlsx`, handler(true));
  }

  report('route', async (user, query, pace) => {
    const [from, to] = period(query);
    const out = [];
    for (const device of await devicesOf(user, query)) {
      for (const p of await positionsBetween(db, device.id, from, to, pace)) {
        await pace.step();
        out.push({ ...storedToWire(p), deviceName: device.name });
      }
    }
    return out;
  });

  report('events', async (user, query, pace) => {
    const [from, to] = period(query);
    const devices = await devicesOf(user, query);
    if (!devices.length) return [];
    const names = new Map(devices.map((d) => [d.id, d.name]));
    const types = list(query.type).filter((t) => t !== 'allEvents');
    const alarms = list(query.alarm);
    const events = [];
    // a fleet's events over months: read a page at a time (keyset on eventTime, id), stepping between pages
    for (let after: { eventTime: number; id: number } | null = null; ;) {
      await pace.step();
      const last: { eventTime: number; id: number } | null = after;
      let q = db.selectFrom('tc_events').selectAll()
        .where(idIn(ctx.db.dialect, 'deviceId', [...names.keys()])).where('eventTime', '>=', from).where('eventTime', '<=', to);
      if (types.length) q = q.where('type', 'in', types);
      if (last) q = q.where((eb) => eb.or([eb('eventTime', '>', last.eventTime), eb.and([eb('eventTime', '=', last.eventTime), eb('id', '>', last.id)])]));
      const rows = await q.orderBy('eventTime').orderBy('id').limit(EVENTS_PAGE).execute();
      for (const row of rows) events.push({ ...toEvent(row), deviceName: names.get(row.deviceId) ?? '' });
      if (rows.length < EVENTS_PAGE) break;
      after = rows[rows.length - 1]!;
    }
    return alarms.length ? events.filter((e) => e.type !== 'alarm' || alarms.includes(asText(e.attributes[KEY.alarm]))) : events;
  });

  report('trips', async (user, query, pace) => {
    const [from, to] = period(query);
    const drivers = await driverNames(db);
    const out = [];
    for (const device of await devicesOf(user, query)) {
      const context = await lookupFor(device.id);
      for (const span of (await segments(db, device.id, from, to, context, pace)).trips) out.push(await tripItem(db, device, span, context, drivers, pace));
    }
    return out;
  });

  report('stops', async (user, query, pace) => {
    const [from, to] = period(query);
    const out = [];
    for (const device of await devicesOf(user, query)) {
      const context = await lookupFor(device.id);
      for (const span of (await segments(db, device.id, from, to, context, pace)).stops) {
        await pace.step();
        out.push(stopItem(device, span, context));
      }
    }
    return out;
  });

  report('summary', async (user, query, pace) => {
    const [from, to] = period(query);
    const daily = list(query.daily)[0] === 'true';
    const timeZone = validTimeZone(await preference(user, 'timezone')) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    const out = [];
    for (const device of await devicesOf(user, query)) {
      const context = await lookupFor(device.id);
      for (const [start, end] of daily ? dailyRanges(from, to, timeZone) : [[from, to] as [number, number]]) {
        const item = await summaryItem(db, device, start, end, context, pace);
        if (item) out.push(item);
      }
    }
    return out;
  });

  // Position history as CSV, GPX, KML or KMZ, for one device.
  for (const format of ['csv', 'gpx', 'kml', 'kmz'] as const) {
    app.get(`/api/positions/${format}`, async (request, reply) => {
      const user = requireUser(request);
      const query = request.query as Query;
      await checkReports(user);
      const deviceId = optionalId(query.deviceId, 'deviceId');
      if (deviceId === null) throw new ClientError('deviceId is required');
      await ctx.guards.checkDevice(user, deviceId);
      const [from, to] = period(query);
      const pace = paceOf(reply);
      const [device] = await reportDevices(db, ctx.db.dialect, [deviceId]);
      const positions = await pace.map(await positionsBetween(db, deviceId, from, to, pace), storedToWire);
      const name = device?.name ?? String(deviceId);
      reply.header('content-disposition', `attachment; filename=positions.${format}`);
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(await positionsCsv(positions, (await exportFormat(request, user)).timeZone, pace));
      if (format === 'gpx') return reply.type('application/gpx+xml').send(await positionsGpx(positions, name, pace));
      if (format === 'kml') return reply.type('application/vnd.google-earth.kml+xml').send(await positionsKml(positions, name, pace));
      return reply.type('application/vnd.google-earth.kmz').send(await positionsKmz(positions, name, pace));
    });
  }
}
