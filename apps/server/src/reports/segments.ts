import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { MotionDetector } from '../pipeline/events/motion.ts';
import type { MotionState } from '../pipeline/events/state.ts';
import { KEY, attribute } from '../position/keys.ts';
import type { StoredPosition } from '../position/types.ts';
import { edges, positionsBetween, positionsById } from './data.ts';
import type { Pace } from './pace.ts';

/** A trip or a stop: where it started and where it ended. */
export interface Span {
  start: StoredPosition;
  end: StoredPosition;
}

export interface Segments {
  trips: Span[];
  stops: Span[];
}

/** Traccar's report.fastThreshold: longer ranges read stored motion events instead of replaying positions. */
const FAST_THRESHOLD_MS = 86400_000;

type Lookup = { lookup: (key: string) => unknown };

/**
 * Splits a range into trips and stops. From a sequence of motion changes (each at a position),
 * with the state at the start of the range: a trip runs from a "moving" change to the next
 * "stopped" one, a stop the other way round; an open span ends at the last position.
 */
async function fromChanges(first: StoredPosition, last: StoredPosition, initiallyMoving: boolean, changes: { moving: boolean; at: StoredPosition }[], pace: Pace): Promise<Segments> {
  const trips: Span[] = [];
  const stops: Span[] = [];
  let moving = initiallyMoving;
  let since = first;
  for (const change of changes) {
    await pace.step();
    if (change.moving === moving) continue;
    if (change.at.fixTime > since.fixTime) (moving ? trips : stops).push({ start: since, end: change.at });
    moving = change.moving;
    since = change.at;
  }
  if (last.fixTime > since.fixTime) (moving ? trips : stops).push({ start: since, end: last });
  return { trips, stops };
}

/** Replays positions through the same motion detection the live pipeline uses. */
async function replay(positions: StoredPosition[], context: Lookup, pace: Pace): Promise<Segments> {
  const first = positions[0];
  const last = positions[positions.length - 1];
  const initiallyMoving = first.attributes[KEY.motion] === true;
  const state: MotionState = { motionStreak: initiallyMoving ? 1 : 0, motionTime: null, motionLatitude: null, motionLongitude: null, motionPositionId: null };
  const detector = new MotionDetector();
  const byId = new Map(positions.map((p) => [p.id, p]));
  const changes = (await pace.map(positions, (p) => detector.handle(p, state, context))).flat()
    .map((e) => ({ moving: e.type === 'deviceMoving', at: byId.get(e.positionId)! }));
  return fromChanges(first, last, initiallyMoving, changes, pace);
}

/** Trips as ignition on → off spans (`report.trip.useIgnition`). */
async function byIgnition(positions: StoredPosition[], pace: Pace): Promise<Segments> {
  const changes: { moving: boolean; at: StoredPosition }[] = [];
  let on = positions[0].attributes[KEY.ignition] === true;
  for (const p of positions) {
    await pace.step();
    const now = attribute(p.attributes, KEY.ignition);
    if (now !== undefined && now !== on) {
      changes.push({ moving: now, at: p });
      on = now;
    }
  }
  return fromChanges(positions[0], positions[positions.length - 1], positions[0].attributes[KEY.ignition] === true, changes, pace);
}

export async function segments(db: Kysely<Database>, deviceId: number, from: number, to: number, context: Lookup, pace: Pace): Promise<Segments> {
  const useIgnition = context.lookup('report.trip.useIgnition') === true;
  if (to - from > FAST_THRESHOLD_MS && !useIgnition) {
    // Long ranges: the motion events the pipeline stored, and only the positions they point at.
    const ends = await edges(db, deviceId, from, to);
    if (!ends) return { trips: [], stops: [] };
    const events = await db.selectFrom('tc_events').select(['type', 'positionId'])
      .where('deviceId', '=', deviceId).where('eventTime', '>=', from).where('eventTime', '<=', to)
      .where('type', 'in', ['deviceMoving', 'deviceStopped']).orderBy('eventTime').orderBy('id').execute();
    const at = await positionsById(db, events.map((e) => e.positionId), pace);
    const changes = events.filter((e) => at.has(e.positionId)).map((e) => ({ moving: e.type === 'deviceMoving', at: at.get(e.positionId)! }));
    const firstChange = changes[0];
    // The state at the start is the opposite of the first change, else what the first position says.
    const initiallyMoving = firstChange ? !firstChange.moving : ends[0].attributes[KEY.motion] === true;
    return fromChanges(ends[0], ends[1], initiallyMoving, changes, pace);
  }
  const positions = await positionsBetween(db, deviceId, from, to, pace);
  if (positions.length < 2) return { trips: [], stops: [] };
  return useIgnition ? byIgnition(positions, pace) : replay(positions, context, pace);
}
