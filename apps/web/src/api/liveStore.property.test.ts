import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Position } from '@rastro/api';
import { makePosition } from '../testing/fixtures.ts';
import { createLiveStore } from './liveStore.ts';

/**
 * The live store merges two feeds of the same positions: socket frames (each device's in the
 * order the server stored them, as it publishes only a device's latest) and REST lists (a
 * snapshot of every device's latest, possibly stale by the time it lands). Whatever the
 * interleaving and wherever the animation frames fall, once every frame is applied each device
 * holds its newest position.
 */

const BASE = Date.parse('2024-05-01T12:00:00Z');
const DEVICES = [1, 2, 3];

/**
 * Per device, its positions in the order stored, fix times never decreasing: equal fix times
 * happen (a message without a fix reuses the last one) and the later id is then the newer.
 */
const histories = fc
  .tuple(...DEVICES.map(() => fc.array(fc.integer({ min: 0, max: 600 }), { minLength: 1, maxLength: 4 })))
  .map((gapsPerDevice) => {
    let id = 0;
    return gapsPerDevice.map((gaps, d) => {
      let time = BASE;
      return gaps.map((gap): Position => {
        time += gap * 1000;
        id += 1;
        return makePosition({ deviceId: DEVICES[d], id: id * 10 + d, fixTime: new Date(time).toISOString().replace('Z', '+00:00'), latitude: -23.5 - id / 1000 });
      });
    });
  });

type Op = { kind: 'socket'; device: number } | { kind: 'rest'; picks: number[] };

/** The updates in any order: each device's frames keep their order; a REST list picks any position of each device. */
const schedule = histories.chain((history) =>
  fc
    .record({
      rests: fc.array(fc.array(fc.nat(), { minLength: DEVICES.length, maxLength: DEVICES.length }), { maxLength: 3 }),
      order: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 20, maxLength: 20 }),
      frames: fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
      batch: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 20, maxLength: 20 }),
    })
    .map(({ rests, order, frames, batch }) => {
      const ops: Op[] = [
        ...history.flatMap((positions, d) => positions.map((): Op => ({ kind: 'socket', device: d }))),
        ...rests.map((picks): Op => ({ kind: 'rest', picks })),
      ];
      const shuffled = ops.map((op, i) => ({ op, at: order[i % order.length] + i * 1e-9 })).sort((a, b) => a.at - b.at).map((x) => x.op);
      return { history, ops: shuffled, frames, batch };
    }),
);

function manualFrames() {
  const queue: (() => void)[] = [];
  return { schedule: (flush: () => void) => queue.push(flush), runFrame: () => queue.splice(0).forEach((flush) => flush()) };
}

/**
 * A store fed from the histories as the server would: `socket` sends a device's next `count`
 * positions in one frame, `rest` a list of each device's picked position (answered).
 */
function feeds(history: Position[][]) {
  const animation = manualFrames();
  const store = createLiveStore(animation.schedule);
  const sent = history.map(() => 0);
  return {
    store,
    animation,
    socket: (device: number, count: number) => {
      const positions = history[device].slice(sent[device], sent[device] + count);
      if (positions.length) store.push({ positions });
      sent[device] += positions.length;
    },
    rest: (picks: number[]): Position[] => {
      const list = history.map((positions, d) => positions[picks[d] % positions.length]);
      store.replacePositions(list);
      return list;
    },
  };
}

/** Plays a schedule; returns the store. */
function play({ history, ops, frames, batch }: { history: Position[][]; ops: Op[]; frames: boolean[]; batch: number[] }) {
  const { store, animation, socket, rest } = feeds(history);
  ops.forEach((op, i) => {
    // a frame may carry several of the device's next positions, as the server sends them
    if (op.kind === 'socket') socket(op.device, batch[i % batch.length]);
    else rest(op.picks);
    if (frames[i % frames.length]) animation.runFrame();
  });
  animation.runFrame();
  return store;
}

const held = (store: ReturnType<typeof createLiveStore>) => Object.fromEntries(DEVICES.map((id) => [id, store.getState().positions.get(id)?.id]));
/** The newer of two positions of a device: later fix, then higher id. */
const newer = (a: Position | undefined, b: Position) =>
  a && (Date.parse(a.fixTime) > Date.parse(b.fixTime) || (a.fixTime === b.fixTime && a.id > b.id)) ? a : b;
const newest = (history: Position[][]) => Object.fromEntries(history.map((positions, d) => [DEVICES[d], positions.at(-1)!.id]));

describe('live store merges (property)', () => {
  it('any interleaving of socket frames, REST lists and animation frames ends with the newest position of each device', () => {
    fc.assert(
      fc.property(schedule, (s) => {
        expect(held(play(s))).toEqual(newest(s.history));
      }),
      { numRuns: 300 },
    );
  });

  it('two interleavings of the same updates end in the same state', () => {
    const reorder = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 20, maxLength: 20 });
    fc.assert(
      fc.property(schedule, reorder, fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }), (s, order, frames) => {
        // a socket op sends the device's next frame, so any order of the ops keeps each device's frames in order
        const ops = s.ops.map((op, i) => ({ op, at: order[i % order.length] + i * 1e-9 })).sort((a, b) => a.at - b.at).map((x) => x.op);
        expect(held(play({ ...s, ops, frames }))).toEqual(held(play(s)));
      }),
      { numRuns: 200 },
    );
  });

  it('no update, socket frame or REST list, ever moves a shown device back', () => {
    fc.assert(
      fc.property(schedule, (s) => {
        const { store, animation, socket, rest } = feeds(s.history);
        // a history's index order is its storage order, so the shown position's rank only rises
        const order = new Map(s.history.flatMap((positions) => positions.map((position, i) => [position, i] as const)));
        let shown = DEVICES.map((id) => store.getState().positions.get(id));
        const check = () => {
          const now = DEVICES.map((id) => store.getState().positions.get(id));
          now.forEach((position, d) => {
            if (shown[d] && position) expect(order.get(position)!).toBeGreaterThanOrEqual(order.get(shown[d])!);
          });
          shown = now;
        };
        s.ops.forEach((op, i) => {
          if (op.kind === 'socket') socket(op.device, s.batch[i % s.batch.length]);
          else rest(op.picks);
          check();
          if (s.frames[i % s.frames.length]) animation.runFrame();
          check();
        });
      }),
      { numRuns: 300 },
    );
  });

  it('a REST list never moves a device back behind a position it holds', () => {
    fc.assert(
      fc.property(schedule, (s) => {
        const { store, animation, socket, rest } = feeds(s.history);
        s.ops.forEach((op, i) => {
          if (op.kind === 'socket') {
            socket(op.device, 1);
            if (s.frames[i % s.frames.length]) animation.runFrame();
            return;
          }
          const before = DEVICES.map((id) => store.getState().positions.get(id));
          const list = rest(op.picks);
          DEVICES.forEach((id, d) => {
            const now = store.getState().positions.get(id)!;
            expect(now.id).toBe(newer(before[d], list[d]).id);
          });
        });
      }),
      { numRuns: 200 },
    );
  });
});
