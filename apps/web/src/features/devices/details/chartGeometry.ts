export interface ChartPoint {
  /** Epoch milliseconds. */
  time: number;
  value: number;
}

export interface ChartBox {
  width: number;
  height: number;
  padding: { top: number; right: number; bottom: number; left: number };
}

export interface ChartGeometry {
  /** SVG path through the points, in time order. */
  path: string;
  min: number;
  max: number;
  start: number;
  end: number;
}

/**
 * Scales points into the box: time across, value up. A flat series sits in the middle; the
 * value range always includes its own extremes.
 */
export function chartGeometry(points: readonly ChartPoint[], { width, height, padding }: ChartBox): ChartGeometry | null {
  if (points.length === 0) return null;
  const sorted = [...points].sort((a, b) => a.time - b.time);
  const start = sorted[0].time;
  const end = sorted[sorted.length - 1].time;
  let min = Infinity;
  let max = -Infinity;
  for (const point of sorted) {
    min = Math.min(min, point.value);
    max = Math.max(max, point.value);
  }
  const innerWidth = width - padding.left - padding.right;
  const innerHeight = height - padding.top - padding.bottom;
  const x = (time: number) => padding.left + (end === start ? innerWidth / 2 : ((time - start) / (end - start)) * innerWidth);
  const y = (value: number) => padding.top + (max === min ? innerHeight / 2 : (1 - (value - min) / (max - min)) * innerHeight);
  const path = sorted.map((point, index) => `${index === 0 ? 'M' : 'L'}${x(point.time).toFixed(1)} ${y(point.value).toFixed(1)}`).join(' ');
  return { path, min, max, start, end };
}
