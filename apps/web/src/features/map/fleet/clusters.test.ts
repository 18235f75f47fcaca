import { describe, expect, it } from 'vitest';
import { clusterByDistance, roundedCount } from './clusters.ts';

const points = (list: [number, number][]) => ({
  xs: Float64Array.from(list.map(([x]) => x)),
  ys: Float64Array.from(list.map(([, y]) => y)),
  count: list.length,
});

describe('clusterByDistance', () => {
  it('groups the points near each other at their mean and leaves lone points alone', () => {
    const { xs, ys, count } = points([[0.101, 0.101], [0.103, 0.107], [0.105, 0.102], [0.5, 0.5], [0.9, 0.1]]);
    const { singles, clusters } = clusterByDistance(xs, ys, count, 0.01);
    expect(singles).toEqual([3, 4]);
    expect(clusters).toHaveLength(1);
    expect(clusters[0]).toMatchObject({ count: 3, minX: 0.101, maxX: 0.105, minY: 0.101, maxY: 0.107 });
    expect(clusters[0].x).toBeCloseTo(0.103, 9);
    expect(clusters[0].y).toBeCloseTo((0.101 + 0.107 + 0.102) / 3, 9);
  });

  it('keeps a crowd on a cell corner together', () => {
    // four points around the corner (0.1, 0.1) of the radius-wide grid, each in another cell
    const { xs, ys, count } = points([[0.0999, 0.0999], [0.1001, 0.0999], [0.0999, 0.1001], [0.1001, 0.1001]]);
    const { singles, clusters } = clusterByDistance(xs, ys, count, 0.01);
    expect(singles).toEqual([]);
    expect(clusters.map((cluster) => cluster.count)).toEqual([4]);
  });

  it('counts every point once, and no cluster reaches past its radius from its first point', () => {
    const list: [number, number][] = [];
    for (let i = 0; i < 2000; i++) list.push([((i * 7919) % 1000) / 1000, ((i * 104729) % 997) / 997]);
    const { xs, ys, count } = points(list);
    const radius = 0.05;
    const { singles, clusters } = clusterByDistance(xs, ys, count, radius);
    expect(singles.length + clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(2000);
    for (const cluster of clusters) {
      expect(cluster.maxX - cluster.minX).toBeLessThanOrEqual(2 * radius);
      expect(cluster.maxY - cluster.minY).toBeLessThanOrEqual(2 * radius);
    }
  });
});

describe('roundedCount', () => {
  it('rounds down past nine', () => {
    expect([7, 40, 47, 300, 999, 2500, 10000].map(roundedCount)).toEqual(['7', '40+', '40+', '300+', '900+', '2k+', '10k+']);
  });
});
