/** Playback speeds offered (spec: 1× to 20×). */
export const PLAYBACK_SPEEDS = [1, 2, 5, 10, 20] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

/**
 * Playback steps through positions rather than clock time, so that an hour parked (one position
 * or none) does not take an hour to watch: at 1× it moves two positions a second.
 */
export const POSITIONS_PER_SECOND = 2;

export interface PlaybackClock {
  index: number;
  /** Fraction of a step accumulated from earlier frames. */
  carry: number;
}

/** Where playback is after `elapsedMs` more at `speed`, over `count` positions; it stops at the last. */
export function advance(clock: PlaybackClock, elapsedMs: number, speed: number, count: number): PlaybackClock & { finished: boolean } {
  const last = Math.max(0, count - 1);
  const steps = clock.carry + (Math.max(0, elapsedMs) / 1000) * POSITIONS_PER_SECOND * speed;
  // frame fractions summed in floating point fall a hair short of a whole step
  const whole = Math.floor(steps + 1e-9);
  const index = Math.min(last, clock.index + whole);
  const finished = index >= last;
  return { index, carry: finished ? 0 : Math.max(0, steps - whole), finished };
}

/** Index of the last position at or before `time` (sorted times), 0 before the first. */
export function indexAtTime(times: readonly number[], time: number): number {
  let low = 0;
  let high = times.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (times[middle] <= time) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}
