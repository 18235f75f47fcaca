import { describe, expect, it } from 'vitest';
import { placeLabels, type Box } from './labelPlacement.ts';

const RADIUS = 18;
const GAP = 20;
const label = (x: number, y: number, width = 80, height = 16) => ({ x, y, width, height });
const overlaps = (a: Box, b: Box) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
const marker = (x: number, y: number): Box => ({ left: x - RADIUS, top: y - RADIUS, right: x + RADIUS, bottom: y + RADIUS });

describe('placeLabels', () => {
  it('puts a lone label centred below its marker', () => {
    expect(placeLabels([label(100, 100)], RADIUS, GAP)).toEqual([{ left: 60, top: 120, right: 140, bottom: 136 }]);
  });

  it('moves a label off a marker just below its own: above, then to the side', () => {
    // a second marker right under the first: the first's name goes above it
    const [first, second] = placeLabels([label(100, 100), label(100, 140)], RADIUS, GAP);
    expect(first).toEqual({ left: 60, top: 64, right: 140, bottom: 80 });
    expect(overlaps(first!, marker(100, 140))).toBe(false);
    // the second's name below itself, clear of the first marker
    expect(second).toEqual({ left: 60, top: 160, right: 140, bottom: 176 });
  });

  it('never covers another label, nor, while a side is free, another marker', () => {
    const crowd = [label(200, 200), label(230, 210), label(190, 250), label(260, 180), label(215, 235)];
    const boxes = placeLabels(crowd, RADIUS, GAP);
    const placed = boxes.filter((box): box is Box => box !== null);
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) expect(overlaps(placed[i], placed[j])).toBe(false);
    }
    boxes.forEach((box, k) => {
      if (!box) return;
      const others = crowd.filter((_, j) => j !== k).map(({ x, y }) => marker(x, y));
      // a label over a marker only sits below its own (the fallback), never on another side
      if (others.some((other) => overlaps(box, other))) expect(box.top).toBe(crowd[k].y + GAP);
    });
  });

  it('still names a device whose every side is crowded by markers, below, when no label is in the way', () => {
    const around = [label(100, 100), label(100, 60, 0), label(100, 140, 0), label(40, 100, 0), label(160, 100, 0)];
    expect(placeLabels(around, RADIUS, GAP)[0]).toEqual({ left: 60, top: 120, right: 140, bottom: 136 });
  });

  it('gives way where even that would cover a label placed earlier, and skips markers without a label', () => {
    const [first, second, third] = placeLabels([label(100, 100), label(100, 100), label(300, 300, 0)], RADIUS, GAP);
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(overlaps(first!, second!)).toBe(false);
    expect(third).toBeNull();
    // four sides taken by four labels of the same spot: the fifth gives way
    const stacked = placeLabels(Array.from({ length: 5 }, () => label(100, 100)), RADIUS, GAP);
    expect(stacked.filter((box) => box !== null)).toHaveLength(4);
    expect(stacked[4]).toBeNull();
  });
});

describe('placeLabels in a crowd', () => {
  it('past a thousand markers tries only below, and still never stacks two labels', () => {
    const crowd = Array.from({ length: 1200 }, (_, i) => label((i % 40) * 30, Math.floor(i / 40) * 30));
    const boxes = placeLabels(crowd, RADIUS, GAP);
    const placed = boxes.map((box, k) => ({ box, k })).filter((entry): entry is { box: Box; k: number } => entry.box !== null);
    expect(placed.length).toBeGreaterThan(0);
    for (const { box, k } of placed) expect(box.top).toBe(crowd[k].y + GAP);
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) expect(overlaps(placed[i].box, placed[j].box)).toBe(false);
    }
  });
});
