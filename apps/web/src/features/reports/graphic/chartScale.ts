/** Scales of the SVG chart: readable value ticks, time ticks on round wall-clock times, and thinning. */

export interface ChartPoint {
  /** Epoch ms. */
  t: number;
  v: number;
}

/** Ticks at 1, 2 or 5 times a power of ten covering [min, max], about `target` of them. */
export function niceTicks(min: number, max: number, target: number): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (min === max) {
    const pad = Math.abs(min) > 0 ? Math.abs(min) * 0.1 : 1;
    return niceTicks(min - pad, max + pad, target);
  }
  const rough = (max - min) / Math.max(1, target);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power;
  const first = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let value = first; ; value += step) {
    ticks.push(Number(value.toPrecision(12)));
    if (value >= max) return ticks;
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const TIME_STEPS = [MINUTE, 2 * MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY];

/**
 * Instants in [from, to] falling on round wall-clock times (every 15 min, every 6 h, midnights…)
 * of a zone `offsetMs` ahead of UTC, about `target` of them.
 */
export function timeTicks(from: number, to: number, target: number, offsetMs: number): number[] {
  if (!(to > from)) return [];
  const rough = (to - from) / Math.max(1, target);
  const step = TIME_STEPS.find((candidate) => candidate >= rough) ?? TIME_STEPS[TIME_STEPS.length - 1];
  const ticks: number[] = [];
  for (let wall = Math.ceil((from + offsetMs) / step) * step; wall - offsetMs <= to; wall += step) ticks.push(wall - offsetMs);
  return ticks;
}

/**
 * At most two points per bucket (the lowest and the highest, in time order), so a long route
 * draws as a few thousand points without losing its peaks.
 */
export function downsample(points: readonly ChartPoint[], buckets: number): ChartPoint[] {
  if (points.length <= buckets * 2) return [...points];
  const size = points.length / buckets;
  const result: ChartPoint[] = [];
  for (let bucket = 0; bucket < buckets; bucket++) {
    const start = Math.floor(bucket * size);
    const end = Math.min(points.length, Math.floor((bucket + 1) * size));
    let low = points[start];
    let high = points[start];
    for (let index = start + 1; index < end; index++) {
      if (points[index].v < low.v) low = points[index];
      if (points[index].v > high.v) high = points[index];
    }
    if (low === high) result.push(low);
    else result.push(...(low.t <= high.t ? [low, high] : [high, low]));
  }
  return result;
}

/** Index of the point nearest in time (points sorted by time). */
export function nearestIndex(points: readonly ChartPoint[], time: number): number {
  let low = 0;
  let high = points.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (points[middle].t <= time) low = middle;
    else high = middle;
  }
  return Math.abs(points[high]?.t - time) < Math.abs(points[low]?.t - time) ? high : low;
}
