import { SCHEDULED_REPORT_TYPES, type ScheduledReportType } from '@rastro/api';
import type { Kysely } from 'kysely';
import { deviceVisibility, expandGroups } from '../db/access.ts';
import { attrs } from '../db/mappers.ts';
import type { Database } from '../db/schema.ts';
import type { ServerSettings } from '../db/server-settings.ts';
import type { UserRow } from '../db/users.ts';
import { buildReport, spreadsheetItems, type ReportSource } from './build.ts';
import { reportDevices } from './data.ts';
import { exportFormatOf, type ExportFormat } from './format.ts';
import { Pace } from './pace.ts';
import { calendarEvents, dueOccurrence, nextRunOf, periodOf, reportRange } from './schedule.ts';
import { scheduledMail } from './scheduled-mail.ts';
import { reportWorkbook } from './xlsx.ts';

/** One message with the report attached; answers false when no mail server is configured. */
export type SendReportMail = (mail: { to: string; subject: string; text: string; attachment: { filename: string; content: Buffer } }) => Promise<boolean>;

export interface SchedulerDeps {
  db: Kysely<Database>;
  source: ReportSource;
  settings: ServerSettings;
  /** RASTRO_REPORT_MAX_DAYS: a run never covers more. */
  maxDays: number;
  send: SendReportMail;
  /** Whether the user may have reports (disableReports, the reports bit of advanced permissions). */
  mayReport: (user: UserRow) => Promise<boolean>;
  /** Work on the items before they become a spreadsheet (addresses). */
  prepare?: (kind: ScheduledReportType, items: object[], format: ExportFormat, pace: Pace) => Promise<void>;
  log: { info: (message: string) => void; warn: (message: string) => void };
}

/** What one run did: for tests and the log. */
export interface RunResult {
  reportId: number;
  from: number;
  to: number;
  /** Addresses mailed. */
  mailed: string[];
}

type ReportRow = Awaited<ReturnType<typeof reportRows>>[number];
const reportRows = (db: Kysely<Database>) => db.selectFrom('tc_reports').selectAll().orderBy('id').execute();

const isType = (type: string): type is ScheduledReportType => (SCHEDULED_REPORT_TYPES as readonly string[]).includes(type);

/**
 * Scheduled reports (Traccar's TaskReports): every report whose calendar has an occurrence that
 * ended since its `lastRun` runs once over it (or over its period preset) and is mailed, as a
 * spreadsheet, to each user linked to it, with that user's devices, units, language and time zone.
 *
 * A function of `now`, run every minute on every node: a node claims a run by swapping `lastRun`
 * from the value it read to the occurrence's end (`UPDATE … WHERE lastRun = <read>`), so of several
 * nodes, or of a node and its restart, exactly one runs it; one that stopped mid-run does not send
 * it again (a run is at most once). A report made, or a calendar changed, while no node ran is
 * caught up with its latest due occurrence only.
 */
export class ReportScheduler {
  private timers: NodeJS.Timeout[] = [];
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly deps: SchedulerDeps,
    private readonly intervalMs = 60_000,
  ) {}

  start(): void {
    const tick = () => {
      this.running = this.tick().catch((error: unknown) => this.deps.log.warn(`scheduled reports failed: ${String(error)}`));
    };
    this.timers = [setInterval(tick, this.intervalMs), setTimeout(tick, 10_000)];
    for (const timer of this.timers) timer.unref();
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    await this.running;
  }

  /** Runs what is due at `now`; keeps each report's `nextRun` up to date for the screen. */
  async tick(now = Date.now()): Promise<RunResult[]> {
    const { db } = this.deps;
    const reports = await reportRows(db);
    const calendarIds = [...new Set(reports.map((r) => r.calendarId).filter((id) => id > 0))];
    const calendars = calendarIds.length ? await db.selectFrom('tc_calendars').select(['id', 'data']).where('id', 'in', calendarIds).execute() : [];
    const data = new Map(calendars.map((c) => [c.id, c.data]));
    const results: RunResult[] = [];
    for (const report of reports) {
      const events = calendarEvents(data.get(report.calendarId));
      if (report.lastRun === null) {
        // made before the scheduler kept its state: from now on
        await db.updateTable('tc_reports').set({ lastRun: now, nextRun: nextRunOf(events, now) }).where('id', '=', report.id).where('lastRun', 'is', null).execute();
        continue;
      }
      const due = events && isType(report.type) ? dueOccurrence(events, report.lastRun, now) : null;
      if (!due) {
        const next = nextRunOf(events, report.lastRun);
        if (next !== report.nextRun) await db.updateTable('tc_reports').set({ nextRun: next }).where('id', '=', report.id).where('lastRun', '=', report.lastRun).execute();
        continue;
      }
      const claimed = await db.updateTable('tc_reports').set({ lastRun: due.end, nextRun: nextRunOf(events, due.end) })
        .where('id', '=', report.id).where('lastRun', '=', report.lastRun).executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue; // another node took it
      try {
        results.push(await this.run(report, due));
      } catch (error) {
        this.deps.log.warn(`scheduled report ${report.id} failed: ${String(error)}`);
      }
    }
    return results;
  }

  /** One run: the report for each of its users, mailed to him. */
  private async run(report: ReportRow, occurrence: { start: number; end: number }): Promise<RunResult> {
    const { db } = this.deps;
    const type = report.type as ScheduledReportType;
    const attributes = attrs(report.attributes);
    const [users, devices, groups] = await Promise.all([
      db.selectFrom('tc_users').selectAll().where('id', 'in', db.selectFrom('tc_user_report').select('userId').where('reportId', '=', report.id)).orderBy('id').execute(),
      db.selectFrom('tc_device_report').select('deviceId').where('reportId', '=', report.id).execute(),
      db.selectFrom('tc_group_report').select('groupId').where('reportId', '=', report.id).execute(),
    ]);
    const linked = devices.length || groups.length ? await this.linkedDevices(devices.map((d) => d.deviceId), groups.map((g) => g.groupId)) : null;
    const server = await this.deps.settings.get();
    const result: RunResult = { reportId: report.id, from: occurrence.start, to: occurrence.end, mailed: [] };
    for (const user of users) {
      if (user.disabled || (user.expirationTime !== null && user.expirationTime < occurrence.end) || !user.email.includes('@')) continue;
      if (!(await this.deps.mayReport(user))) continue;
      const format = exportFormatOf({ user: attrs(user.attributes), server: attrs(server.attributes), forceSettings: Boolean(server.forceSettings),
        coordinateFormat: { user: user.coordinateFormat, server: server.coordinateFormat } });
      const [from, to] = reportRange(periodOf(attributes), occurrence, format.timeZone, this.deps.maxDays);
      [result.from, result.to] = [from, to];
      const pace = new Pace();
      const query = {
        devices: await reportDevices(db, this.deps.source.dialect, await this.devicesOf(user, linked)),
        from, to, timeZone: format.timeZone,
        daily: attributes.daily === true,
        geofenceIds: type === 'geofences' ? await this.geofencesOf(user) : undefined,
      };
      const items = await buildReport(this.deps.source, type, query, pace);
      await this.deps.prepare?.(type, items, format, pace);
      const workbook = await reportWorkbook(type, await spreadsheetItems(db, type, items), format, pace);
      const mail = scheduledMail(format, { type, description: report.description }, from, to);
      const sent = await this.deps.send({ to: user.email, subject: mail.subject, text: mail.text, attachment: { filename: mail.filename, content: workbook } });
      if (!sent) {
        this.deps.log.warn(`scheduled report ${report.id} not mailed: no mail server is configured`);
        break;
      }
      result.mailed.push(user.email);
    }
    this.deps.log.info(`scheduled report ${report.id} (${type}) mailed to ${result.mailed.length} user(s)`);
    return result;
  }

  /** The devices linked to the report, those of its groups (with subgroups) included. */
  private async linkedDevices(deviceIds: number[], groupIds: number[]): Promise<Set<number>> {
    const { db } = this.deps;
    const ids = new Set(deviceIds);
    if (groupIds.length) {
      const groups = expandGroups(groupIds, await db.selectFrom('tc_groups').select(['id', 'groupId']).execute());
      for (const d of await db.selectFrom('tc_devices').select('id').where('groupId', 'in', groups).execute()) ids.add(d.id);
    }
    return ids;
  }

  /** The report's devices that the user sees (administrators: all of them), or, when it names none, every device he sees. */
  private async devicesOf(user: UserRow, linked: Set<number> | null): Promise<number[]> {
    const visible = (await deviceVisibility(this.deps.db, user.id)).devices;
    if (!linked) return [...visible];
    return [...linked].filter((id) => user.administrator || visible.has(id));
  }

  /** A scheduled geofence report covers the geofences its user has (administrators: all). */
  private async geofencesOf(user: UserRow): Promise<number[]> {
    const { db } = this.deps;
    const rows = user.administrator
      ? await db.selectFrom('tc_geofences').select('id').execute()
      : await db.selectFrom('tc_user_geofence').select('geofenceId as id').where('userId', '=', user.id).execute();
    return rows.map((r) => r.id);
  }
}
