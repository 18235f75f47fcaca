import { SCHEDULED_REPORT_PERIODS } from '@rastro/api';
import { ClientError } from '../../domain/errors.ts';
import { toIso } from '../../domain/time.ts';
import { calendarEvents, nextRunOf } from '../../reports/schedule.ts';
import type { ApiContext } from '../context.ts';
import type { EntityHooks } from './entity-hooks.ts';

const millis = (value: unknown): number | null => (typeof value === 'number' ? value : value === null || value === undefined ? null : Number(value));

/**
 * What the scheduled reports CRUD (`/api/reports`) does around its writes: a report without a
 * calendar is stored with calendarId 0 (Traccar's default; it never runs), its period must be one
 * the scheduler knows, and the scheduler's state is the server's: `lastRun` starts when the report
 * is made (so no occurrence that ended before runs) and is never written by a request, `nextRun`
 * follows from the calendar. Both go out as ISO times, with the ids of the devices and groups
 * linked to the report (`deviceIds`, `groupIds`: links are made through /api/permissions).
 */
export function reportHooks(ctx: ApiContext): EntityHooks {
  const db = ctx.db.kysely;
  return {
    async beforeWrite(trx, body, id) {
      const { lastRun: _lastRun, nextRun: _nextRun, deviceIds: _deviceIds, groupIds: _groupIds, ...rest } = body;
      const period = (body.attributes as Record<string, unknown> | null | undefined)?.period;
      if (period !== undefined && !(SCHEDULED_REPORT_PERIODS as readonly unknown[]).includes(period)) {
        throw new ClientError(`Invalid request: attributes.period: one of ${SCHEDULED_REPORT_PERIODS.join(', ')}`);
      }
      const calendarId = typeof body.calendarId === 'number' ? body.calendarId : 0;
      const calendar = calendarId > 0 ? await trx.selectFrom('tc_calendars').select('data').where('id', '=', calendarId).executeTakeFirst() : undefined;
      if (calendarId > 0 && !calendar) throw new ClientError('Calendar not found');
      const stored = id === null ? undefined : await trx.selectFrom('tc_reports').select('lastRun').where('id', '=', id).executeTakeFirst();
      // the scheduler swaps lastRun to claim a run: an update never writes it, unless there is none yet
      const keep = stored?.lastRun ?? null;
      const lastRun = keep ?? Date.now();
      return { ...rest, calendarId, ...(keep === null ? { lastRun } : {}), nextRun: nextRunOf(calendarEvents(calendar?.data), lastRun) };
    },
    afterWrite: () => Promise.resolve(),
    afterDelete: () => Promise.resolve(),
    committed: () => Promise.resolve(),
    async toWire(wire) {
      const id = Number(wire.id);
      const [devices, groups] = await Promise.all([
        db.selectFrom('tc_device_report').select('deviceId').where('reportId', '=', id).orderBy('deviceId').execute(),
        db.selectFrom('tc_group_report').select('groupId').where('reportId', '=', id).orderBy('groupId').execute(),
      ]);
      return {
        ...wire, lastRun: toIso(millis(wire.lastRun)), nextRun: toIso(millis(wire.nextRun)),
        deviceIds: devices.map((d) => d.deviceId), groupIds: groups.map((g) => g.groupId),
      };
    },
  };
}
