import { describe, expect, it } from 'vitest';
import type { ReportSummary } from '@rastro/api';
import { makePosition } from '../../../testing/fixtures.ts';
import { routeDistance, summarizePeriod } from './periodSummary.ts';

const at = (minute: number) => new Date(Date.UTC(2024, 4, 1, 12, minute)).toISOString();
const route = [
  makePosition({ deviceId: 1, id: 1, fixTime: at(0), speed: 20, attributes: { motion: true, totalDistance: 1000, distance: 0 } }),
  makePosition({ deviceId: 1, id: 2, fixTime: at(10), speed: 30, attributes: { motion: true, totalDistance: 6000, distance: 5000 } }),
  makePosition({ deviceId: 1, id: 3, fixTime: at(20), speed: 0, attributes: { motion: false, totalDistance: 10_000, distance: 4000 } }),
  makePosition({ deviceId: 1, id: 4, fixTime: at(50), speed: 0, attributes: { motion: false, totalDistance: 10_000, distance: 0 } }),
];

describe('summarizePeriod', () => {
  it('measures the route alone when the server reports are missing', () => {
    const summary = summarizePeriod(route, null);
    expect(summary.distance).toBe(9000);
    expect(summary.movingMs).toBe(20 * 60_000);
    expect(summary.stoppedMs).toBe(30 * 60_000);
    expect(summary.maxSpeed).toBe(30);
    // 9 km in 20 min = 27 km/h
    expect(summary.averageSpeed * 1.852).toBeCloseTo(27, 6);
  });

  it('takes the distance from the summary report, the times from the route', () => {
    const server = { distance: 12_000, maxSpeed: 45 } as ReportSummary;
    const summary = summarizePeriod(route, server);
    expect(summary.distance).toBe(12_000);
    expect(summary.stoppedMs).toBe(30 * 60_000);
    expect(summary.maxSpeed).toBe(45);
    expect(summary.averageSpeed * 1.852).toBeCloseTo(36, 6);
  });

  it('judges motion by speed when positions carry no motion attribute', () => {
    const plain = route.map((position) => ({ ...position, attributes: {} }));
    expect(summarizePeriod(plain, null).movingMs).toBe(20 * 60_000);
  });

  it('is all zeros for an empty route', () => {
    expect(summarizePeriod([], null)).toEqual({ distance: 0, movingMs: 0, stoppedMs: 0, maxSpeed: 0, averageSpeed: 0 });
  });
});

describe('routeDistance', () => {
  it('sums step distances when there is no odometer', () => {
    const plain = route.map((position) => ({ ...position, attributes: { distance: position.attributes.distance } }));
    expect(routeDistance(plain)).toBe(9000);
  });
});
