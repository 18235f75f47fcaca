import { distanceMeters } from '@rastro/api';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { numberSetting } from '../pipeline/device-context.ts';
import { MotionDetector } from '../pipeline/events/motion.ts';
import type { MotionState } from '../pipeline/events/state.ts';
import { KEY, attribute } from '../position/keys.ts';
import type { StoredPosition } from '../position/types.ts';
import { edges, positionsBefore, positionsBetween, positionsById } from './data.ts';
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

/** A motion change at a position: the vehicle set off (moving) or stopped there. */
interface Change {
  moving: boolean;
  at: StoredPosition;
}

/** The position a change really happened at, given the start of the span it ends. */
type Backdate = (change: Change, since: StoredPosition) => Promise<StoredPosition>;

/** Traccar's report.fastThreshold: longer ranges read stored motion events instead of replaying positions. */
const FAST_THRESHOLD_MS = 86400_000;

type Lookup = { lookup: (key: string) => unknown };

/**
 * Splits a range into trips and stops. From a sequence of motion changes (each at a position),
 * with the state at the start of the range: a trip runs from a "moving" change to the next
 * "stopped" one, a stop the other way round; an open span ends at the last position. Each change
 * that flips the state is first dated back to where it really happened.
 */
async function fromChanges(first: StoredPosition, last: StoredPosition, initiallyMoving: boolean, changes: Change[], backdate: Backdate, pace: Pace): Promise<Segments> {
  const trips: Span[] = [];
  const stops: Span[] = [];
  let moving = initiallyMoving;
  let since = first;
  for (const change of changes) {
    await pace.step();
    if (change.moving === moving || change.at.fixTime < since.fixTime) continue;
    const at = await backdate(change, since);
    if (at.fixTime > since.fixTime) (moving ? trips : stops).push({ start: since, end: at });
    moving = change.moving;
    since = at;
  }
  if (last.fixTime > since.fixTime) (moving ? trips : stops).push({ start: since, end: last });
  return { trips, stops };
}

/** Metres per second from a to b; a jump with no time between is infinitely fast, standing still with none is not moving. */
function legSpeed(a: StoredPosition, b: StoredPosition): number {
  const metres = distanceMeters(a.latitude, a.longitude, b.latitude, b.longitude);
  const seconds = (b.fixTime - a.fixTime) / 1000;
  return seconds > 0 ? metres / seconds : metres > 0 ? Infinity : 0;
}

/** The detector's settings the dating back follows: its minDistance (m) and minAvgSpeed (m/s). */
interface Motion {
  minDistance: number;
  minAvgSpeed: number;
}

/**
 * Whether `before` still belongs to the change: within the span, on a leg into `at` as the change
 * says (driving for a start, standing for a stop), and for a stop within minDistance of where it
 * was noticed (the detector's own "stopped"), so a slow crawl or a walker's pace is not all stop.
 */
function stillSame(change: Change, before: StoredPosition, at: StoredPosition, since: StoredPosition, motion: Motion): boolean {
  if (before.fixTime < since.fixTime || (legSpeed(before, at) > motion.minAvgSpeed) !== change.moving) return false;
  return change.moving || distanceMeters(before.latitude, before.longitude, change.at.latitude, change.at.longitude) < motion.minDistance;
}

/**
 * The motion detector reports a stop once the vehicle has stood for minDuration (180 s), at the
 * position where it noticed: a 20-minute stop would read 17, and a tracker that slept while parked
 * would lose the whole nap. The vehicle really stopped where the legs turned slow — slower than the
 * detector's minAvgSpeed (minDistance / minDuration, 4 km/h by default) — so a stop is dated back
 * through the slow legs before it (within minDistance of where it was noticed), and a start (which
 * the detector already dates back, though stored events may come from elsewhere) through the fast
 * ones; never to before the start of the span the change ends. `older` gives the position before
 * another.
 */
function walkBack(change: Change, since: StoredPosition, motion: Motion, older: (p: StoredPosition) => StoredPosition | undefined): StoredPosition {
  let at = change.at;
  for (let before = older(at); before && stillSame(change, before, at, since, motion); before = older(at)) at = before;
  return at;
}

/** Positions read per step when a change is dated back from the stored ones (a stop's slow legs are usually a handful). */
const WALK_PAGE = 50;

/** walkBack over the stored positions, read a page at a time until a leg turns. */
async function walkBackStored(db: Kysely<Database>, change: Change, since: StoredPosition, motion: Motion, pace: Pace): Promise<StoredPosition> {
  let at = change.at;
  for (;;) {
    const page = await positionsBefore(db, at, since.fixTime, WALK_PAGE, pace);
    for (const before of page) {
      if (!stillSame(change, before, at, since, motion)) return at;
      at = before;
    }
    if (page.length < WALK_PAGE) return at;
  }
}

function motionOf(context: Lookup): Motion {
  const minDistance = numberSetting(context, 'report.trip.minDistance', 200);
  return { minDistance, minAvgSpeed: minDistance / numberSetting(context, 'report.trip.minDuration', 180) };
}

/** Replays positions through the same motion detection the live pipeline uses. */
async function replay(positions: StoredPosition[], context: Lookup, pace: Pace): Promise<Segments> {
  const first = positions[0];
  const last = positions[positions.length - 1];
  const initiallyMoving = first.attributes[KEY.motion] === true;
  const state: MotionState = { motionStreak: initiallyMoving ? 1 : 0, motionTime: null, motionLatitude: null, motionLongitude: null, motionPositionId: null };
  const detector = new MotionDetector();
  const index = new Map(positions.map((p, i) => [p.id, i]));
  const changes = (await pace.map(positions, (p) => detector.handle(p, state, context))).flat()
    .map((e) => ({ moving: e.type === 'deviceMoving', at: positions[index.get(e.positionId)!] }));
  const motion = motionOf(context);
  const older = (p: StoredPosition) => positions[index.get(p.id)! - 1];
  const backdate: Backdate = (change, since) => Promise.resolve(walkBack(change, since, motion, older));
  return fromChanges(first, last, initiallyMoving, changes, backdate, pace);
}

/** Trips as ignition on → off spans (`report.trip.useIgnition`): ignition changes are exact, nothing is dated back. */
async function byIgnition(positions: StoredPosition[], pace: Pace): Promise<Segments> {
  const changes: Change[] = [];
  let on = positions[0].attributes[KEY.ignition] === true;
  for (const p of positions) {
    await pace.step();
    const now = attribute(p.attributes, KEY.ignition);
    if (now !== undefined && now !== on) {
      changes.push({ moving: now, at: p });
      on = now;
    }
  }
  const exact: Backdate = (change) => Promise.resolve(change.at);
  return fromChanges(positions[0], positions[positions.length - 1], positions[0].attributes[KEY.ignition] === true, changes, exact, pace);
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
    const motion = motionOf(context);
    // the positions before each change that flips the state, a page at a time until a leg turns
    const backdate: Backdate = (change, since) => walkBackStored(db, change, since, motion, pace);
    return fromChanges(ends[0], ends[1], initiallyMoving, changes, backdate, pace);
  }
  const positions = await positionsBetween(db, deviceId, from, to, pace);
  if (positions.length < 2) return { trips: [], stops: [] };
  return useIgnition ? byIgnition(positions, pace) : replay(positions, context, pace);
}
