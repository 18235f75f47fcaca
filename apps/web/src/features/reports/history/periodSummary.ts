import { KNOTS_TO_KMH, type Position, type ReportSummary } from '@rastro/api';

export interface PeriodSummary {
  /** Metres. */
  distance: number;
  movingMs: number;
  stoppedMs: number;
  /** Knots. */
  maxSpeed: number;
  /** Knots, over the time moving. */
  averageSpeed: number;
}

const METRES_PER_SECOND_TO_KNOTS = 3.6 / KNOTS_TO_KMH;
/** Without a `motion` attribute, slower than this counts as standing (GPS drift when parked). */
const MOVING_KNOTS = 1;

function isMoving(position: Position): boolean {
  const motion = position.attributes.motion;
  return typeof motion === 'boolean' ? motion : position.speed > MOVING_KNOTS;
}

/** Distance along the route: the `totalDistance` odometer's growth, else the sum of each step's `distance`. */
export function routeDistance(route: readonly Position[]): number {
  const first = route[0]?.attributes.totalDistance;
  const last = route[route.length - 1]?.attributes.totalDistance;
  if (typeof first === 'number' && typeof last === 'number') return Math.max(0, last - first);
  return route.reduce((sum, position) => sum + (typeof position.attributes.distance === 'number' ? position.attributes.distance : 0), 0);
}

/**
 * The period at a glance. The server's summary gives the distance (odometer-aware, as its other
 * reports count it); the route gives the time moving and standing and the top speed. Without the
 * summary (an older server) the route measures the distance too. Stopped time is the rest of the
 * route's span, not the stops report's sum, which leaves out stops shorter than its minimum.
 */
export function summarizePeriod(route: readonly Position[], summary: ReportSummary | null): PeriodSummary {
  const times = route.map((position) => Date.parse(position.fixTime));
  let movingMs = 0;
  let maxSpeed = summary?.maxSpeed ?? 0;
  route.forEach((position, index) => {
    maxSpeed = Math.max(maxSpeed, position.speed);
    if (index + 1 < route.length && isMoving(position)) movingMs += times[index + 1] - times[index];
  });
  const span = route.length ? times[times.length - 1] - times[0] : 0;
  const distance = summary ? summary.distance : routeDistance(route);
  const stoppedMs = Math.max(0, span - movingMs);
  const averageSpeed = movingMs > 0 ? (distance / (movingMs / 1000)) * METRES_PER_SECOND_TO_KNOTS : 0;
  return { distance, movingMs, stoppedMs, maxSpeed, averageSpeed };
}
