/** A rectangle on the screen, in CSS pixels. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A marker to label: its centre, and its label's size (width 0: no label). */
export interface LabelRequest {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Side of the marker a label goes on, in order of preference. */
type Side = (x: number, y: number, width: number, height: number, gap: number) => Box;

const below: Side = (x, y, width, height, gap) => ({ left: x - width / 2, top: y + gap, right: x + width / 2, bottom: y + gap + height });
const above: Side = (x, y, width, height, gap) => ({ left: x - width / 2, top: y - gap - height, right: x + width / 2, bottom: y - gap });
const right: Side = (x, y, width, height, gap) => ({ left: x + gap, top: y - height / 2, right: x + gap + width, bottom: y + height / 2 });
const left: Side = (x, y, width, height, gap) => ({ left: x - gap - width, top: y - height / 2, right: x - gap, bottom: y + height / 2 });
const SIDES = [below, above, right, left];
/** Markers on screen beyond which the sides are not searched (a fleet drawn without clusters). */
const CROWD = 1000;

/** Buckets of a screen grid, so each box is tested against its neighbours only. */
class BoxIndex {
  private readonly cells = new Map<number, { box: Box; owner: number }[]>();

  constructor(private readonly cell: number) {}

  add(box: Box, owner: number): void {
    this.each(box, (key) => {
      const list = this.cells.get(key);
      if (list) list.push({ box, owner });
      else this.cells.set(key, [{ box, owner }]);
    });
  }

  /** Whether `box` overlaps a box of the index that is not `owner`'s. */
  hits(box: Box, owner: number): boolean {
    let hit = false;
    this.each(box, (key) => {
      if (hit) return;
      for (const other of this.cells.get(key) ?? []) {
        if (other.owner !== owner && box.left < other.box.right && box.right > other.box.left && box.top < other.box.bottom && box.bottom > other.box.top) {
          hit = true;
          return;
        }
      }
    });
    return hit;
  }

  private each(box: Box, visit: (key: number) => void): void {
    for (let row = Math.floor(box.top / this.cell); row <= Math.floor(box.bottom / this.cell); row++) {
      for (let column = Math.floor(box.left / this.cell); column <= Math.floor(box.right / this.cell); column++) {
        // rows and columns of a screen stay well inside ±2^15
        visit(row * 65536 + column);
      }
    }
  }
}

/**
 * Where each marker's label goes: below it, else above, to the right or to the left, at the
 * first side that covers neither another label nor another marker. Where no side is free the
 * label still goes below if it covers no other label (names matter more than a neighbour's
 * icon being partly hidden); otherwise it gives way (null). Earlier requests win. Past CROWD
 * markers on the screen only the place below is tried.
 */
export function placeLabels(requests: readonly LabelRequest[], markerRadius: number, gap: number): (Box | null)[] {
  // a screen this full has no free sides to find: each label just takes its place below or gives way
  const crowd = requests.length > CROWD;
  const markers = new BoxIndex(64);
  if (!crowd) requests.forEach(({ x, y }, owner) => markers.add({ left: x - markerRadius, top: y - markerRadius, right: x + markerRadius, bottom: y + markerRadius }, owner));
  const labels = new BoxIndex(128);
  return requests.map(({ x, y, width, height }, owner) => {
    if (width <= 0) return null;
    const candidates = (crowd ? [below] : SIDES).map((side) => side(x, y, width, height, gap));
    const box = candidates.find((candidate) => !labels.hits(candidate, owner) && !markers.hits(candidate, owner))
      ?? (labels.hits(candidates[0], owner) ? null : candidates[0]);
    if (box) labels.add(box, owner);
    return box;
  });
}
