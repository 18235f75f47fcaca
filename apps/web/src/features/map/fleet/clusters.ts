/** A group of nearby devices drawn as one disc with their count. */
export interface Cluster {
  /** Mercator centre: the mean of its members. */
  x: number;
  y: number;
  count: number;
  /** Mercator extent of its members, for zooming in on it. */
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface Clustering {
  /** Indexes of the points drawn on their own. */
  singles: number[];
  clusters: Cluster[];
}

/**
 * Greedy clustering, as supercluster does for one zoom level: each point not yet taken, in index
 * order, takes every free point within `radius` (Mercator units) into its cluster, found through a
 * grid of `radius`-wide cells, so the work stays linear in the number of points (ten thousand take
 * a few milliseconds). A crowd straddling cell borders stays one cluster.
 */
export function clusterByDistance(xs: Float64Array, ys: Float64Array, count: number, radius: number): Clustering {
  const columns = Math.ceil(1 / radius) + 2;
  const cellOf = (i: number) => (Math.floor(ys[i] / radius) + 1) * columns + Math.floor(xs[i] / radius) + 1;
  const cells = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const key = cellOf(i);
    const members = cells.get(key);
    if (members) members.push(i);
    else cells.set(key, [i]);
  }
  const taken = new Uint8Array(count);
  const singles: number[] = [];
  const clusters: Cluster[] = [];
  const limit = radius * radius;
  for (let i = 0; i < count; i++) {
    if (taken[i]) continue;
    taken[i] = 1;
    const x = xs[i];
    const y = ys[i];
    const home = cellOf(i);
    let members: number[] | null = null;
    for (const row of [-columns, 0, columns]) {
      for (let column = -1; column <= 1; column++) {
        for (const j of cells.get(home + row + column) ?? []) {
          if (taken[j] || (xs[j] - x) ** 2 + (ys[j] - y) ** 2 > limit) continue;
          taken[j] = 1;
          (members ??= [i]).push(j);
        }
      }
    }
    if (!members) {
      singles.push(i);
      continue;
    }
    let sumX = 0;
    let sumY = 0;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const j of members) {
      const mx = xs[j];
      const my = ys[j];
      sumX += mx;
      sumY += my;
      minX = Math.min(minX, mx);
      minY = Math.min(minY, my);
      maxX = Math.max(maxX, mx);
      maxY = Math.max(maxY, my);
    }
    clusters.push({ x: sumX / members.length, y: sumY / members.length, count: members.length, minX, minY, maxX, maxY });
  }
  return { singles, clusters };
}

/** A cluster's count as drawn: exact under ten, then rounded down (40+, 300+, 2k+), so a few dozen images cover every cluster. */
export function roundedCount(count: number): string {
  if (count < 10) return String(count);
  if (count < 100) return `${Math.floor(count / 10) * 10}+`;
  if (count < 1000) return `${Math.floor(count / 100) * 100}+`;
  return `${Math.floor(count / 1000)}k+`;
}
