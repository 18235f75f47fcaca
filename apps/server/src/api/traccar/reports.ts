import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { expandGroups } from '../../db/access.ts';
import { attrs } from '../../db/mappers.ts';
import { storedToWire } from '../../position/mappers.ts';
import { deviceIdsInGroups } from '../../db/repositories/devices.ts';
import { groupParents } from '../../db/repositories/groups.ts';
import { userHasLink } from '../../db/repositories/links.ts';
import type { UserRow } from '../../db/users.ts';
import { ClientError, accessDenied } from '../../domain/errors.ts';
import { fillAddresses, type AddressFill } from '../../reports/addresses.ts';
import { buildReport, reportSource, spreadsheetItems, type ReportKind, type ReportQuery } from '../../reports/build.ts';
import { positionsBetween, reportDevices, type ReportDevice } from '../../reports/data.ts';
import { exportFormatOf, timeZoneOf, type ExportFormat, type PreferenceSource } from '../../reports/format.ts';
import { jsonArray, paceOf } from '../../reports/pace.ts';
import { checkPeriod } from '../../reports/period.ts';
import { positionsCsv, positionsGpx, positionsKml, positionsKmz } from '../../reports/positions-export.ts';
import { reportWorkbook, type SheetKind } from '../../reports/xlsx.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { ids, list, optionalId, time } from '../params.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Query = Record<string, unknown>;

/**
 * Traccar's report API: route, events, trips, stops, summary, geofences and combined for the
 * devices asked for (`deviceId`, `groupId` with subgroups, or every visible device), as JSON, or
 * (all but combined, which Traccar offers only as JSON) as a spreadsheet with `Accept:
 * …spreadsheetml.sheet` or the `/xlsx` suffix. Plus position history as files. The reports
 * themselves are reports/build.ts; here is who may ask for what.
 */
export function reportRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;
  const source = reportSource(ctx.db, ctx.contexts);

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

  /** geofenceId repeated: each one the caller's to name (administrators name any). */
  async function geofencesOf(user: UserRow, query: Query): Promise<number[]> {
    const geofenceIds = [...new Set(ids(query.geofenceId, 'geofenceId'))];
    if (!user.administrator) {
      for (const id of geofenceIds) if (!(await userHasLink(db, 'geofenceId', user.id, id))) throw accessDenied('Geofence');
    }
    return geofenceIds;
  }

  /** from and to, within RASTRO_REPORT_MAX_DAYS of each other. */
  function period(query: Query): [number, number] {
    const from = time(query.from, 'from');
    const to = time(query.to, 'to');
    checkPeriod(from, to, ctx.config.reportMaxDays);
    return [from, to];
  }

  async function preferences(user: UserRow): Promise<PreferenceSource> {
    const server = await ctx.settings.get();
    return { user: attrs(user.attributes), server: attrs(server.attributes), forceSettings: Boolean(server.forceSettings),
      coordinateFormat: { user: user.coordinateFormat, server: server.coordinateFormat } };
  }

  async function exportFormat(request: FastifyRequest, user: UserRow): Promise<ExportFormat> {
    return exportFormatOf(await preferences(user), request.headers['accept-language']);
  }

  /** What a report's query string asks for, checked against the caller. */
  async function queryOf(kind: ReportKind, user: UserRow, query: Query): Promise<ReportQuery> {
    const [from, to] = period(query);
    const devices = await devicesOf(user, query);
    const asked: ReportQuery = { devices, from, to, timeZone: timeZoneOf(await preferences(user)) };
    if (kind === 'events') return { ...asked, types: list(query.type), alarms: list(query.alarm) };
    if (kind === 'summary') return { ...asked, daily: list(query.daily)[0] === 'true' };
    if (kind === 'geofences') return { ...asked, geofenceIds: await geofencesOf(user, query) };
    return asked;
  }

  /**
   * Rows' addresses (reports/addresses.ts): from the provider when one is configured with
   * RASTRO_GEOCODER_ON_REQUEST, up to RASTRO_GEOCODER_REPORT_LIMIT new requests; a spreadsheet's
   * other rows take the nearest place, JSON rows are left for the web app to ask when shown.
   */
  const addressFill = (format: ExportFormat, everyRow: boolean): AddressFill => ({
    geocoder: ctx.geocoder,
    language: format.locale,
    unit: format.distanceUnit,
    limit: ctx.config.geocoder?.onRequest ? ctx.config.geocoder.reportLimit : 0,
    everyRow,
  });

  /**
   * Registers `path` and, for a report with a spreadsheet, `path/xlsx`; the spreadsheet is chosen
   * by suffix or Accept header. The work is paced (reports/pace.ts): other requests run between
   * its steps, and it stops when the client goes away.
   */
  function report(kind: ReportKind, sheet: SheetKind | null): void {
    const handler = (forceXlsx: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      const user = requireUser(request);
      const pace = paceOf(reply);
      const items = await buildReport(source, kind, await queryOf(kind, user, request.query as Query), pace);
      const spreadsheet = sheet !== null && (forceXlsx || (request.headers.accept ?? '').includes(XLSX));
      const format = await exportFormat(request, user);
      await fillAddresses(kind, items, addressFill(format, spreadsheet), ctx.db, pace);
      if (!sheet || !spreadsheet) {
        return reply.type('application/json; charset=utf-8').send(await jsonArray(items, pace));
      }
      const workbook = await reportWorkbook(sheet, await spreadsheetItems(db, kind, items), format, pace);
      return reply.type(XLSX).header('content-disposition', 'attachment; filename=report.xlsx').send(workbook);
    };
    app.get(`/api/reports/${kind}`, handler(false));
    if (sheet) app.get(`/api/reports/${kind}/xlsx`, handler(true));
  }

  for (const kind of ['route', 'events', 'trips', 'stops', 'summary', 'geofences'] as const) report(kind, kind);
  report('combined', null);

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
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(await positionsCsv(positions, await exportFormat(request, user), pace));
      if (format === 'gpx') return reply.type('application/gpx+xml').send(await positionsGpx(positions, name, pace));
      if (format === 'kml') return reply.type('application/vnd.google-earth.kml+xml').send(await positionsKml(positions, name, pace));
      return reply.type('application/vnd.google-earth.kmz').send(await positionsKmz(positions, name, pace));
    });
  }
}
