import { useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { Formats } from '../../../ui/formats.ts';
import { downsample, nearestIndex, niceTicks, timeTicks, type ChartPoint } from './chartScale.ts';

interface LineChartProps {
  points: readonly ChartPoint[];
  /** Accessible name of the chart. */
  label: string;
  formatValue: (value: number) => string;
  /** Times on the user's clock, in his zone. */
  formats: Formats;
  /** The zone's offset from UTC over the period, so time ticks fall on round local times. */
  offsetMs: number;
  /** The point under the pointer (an index into `points`), null when it leaves. */
  onHover?: (index: number | null) => void;
}

const MARGIN = { top: 12, right: 20, bottom: 28, left: 64 };
const DAY = 86_400_000;

/** A small SVG line chart of values over time, with a crosshair and tooltip under the pointer. */
export function LineChart({ points, label, formatValue, formats, offsetMs, onHover }: LineChartProps) {
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [hover, setHover] = useState<number | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setSize({ width: entry.contentRect.width, height: entry.contentRect.height }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const plotWidth = Math.max(0, size.width - MARGIN.left - MARGIN.right);
  const plotHeight = Math.max(0, size.height - MARGIN.top - MARGIN.bottom);

  const chart = useMemo(() => {
    if (!points.length || plotWidth <= 0 || plotHeight <= 0) return null;
    const from = points[0].t;
    const to = Math.max(points[points.length - 1].t, from + 60_000);
    let low = Infinity;
    let high = -Infinity;
    for (const point of points) {
      low = Math.min(low, point.v);
      high = Math.max(high, point.v);
    }
    const yTicks = niceTicks(low, high, Math.max(2, Math.floor(plotHeight / 40)));
    const yMin = yTicks[0];
    const yMax = yTicks[yTicks.length - 1];
    const x = (t: number) => MARGIN.left + ((t - from) / (to - from)) * plotWidth;
    const y = (v: number) => MARGIN.top + plotHeight - ((v - yMin) / (yMax - yMin)) * plotHeight;
    const drawn = downsample(points, Math.max(1, Math.round(plotWidth)));
    const line = drawn.map((point, index) => `${index ? 'L' : 'M'}${x(point.t).toFixed(1)},${y(point.v).toFixed(1)}`).join('');
    const baseline = y(yMin).toFixed(1);
    const area = `${line}L${x(drawn[drawn.length - 1].t).toFixed(1)},${baseline}L${x(drawn[0].t).toFixed(1)},${baseline}Z`;
    const xTicks = timeTicks(from, to, Math.max(2, Math.floor(plotWidth / 80)), offsetMs);
    const tickFormat = to - from > 2 * DAY ? formats.custom({ day: '2-digit', month: '2-digit' }) : formats.time;
    return { from, to, x, y, yTicks, xTicks, line, area, tickFormat };
  }, [points, plotWidth, plotHeight, offsetMs, formats]);

  const pointAt = (clientX: number) => {
    if (!chart || !box.current) return null;
    const left = box.current.getBoundingClientRect().left;
    const time = chart.from + ((clientX - left - MARGIN.left) / plotWidth) * (chart.to - chart.from);
    return nearestIndex(points, time);
  };
  const show = (index: number | null) => {
    setHover(index);
    onHover?.(index);
  };

  const hovered = hover !== null && chart ? points[hover] : null;
  const color = theme.palette.primary.main;
  const grid = theme.palette.divider;
  const text = theme.palette.text.secondary;

  return (
    <Box ref={box} sx={{ position: 'relative', flex: 1, minHeight: 160 }} data-testid="graphic-chart">
      {chart && (
        <svg
          role="img"
          aria-label={label}
          width={size.width}
          height={size.height}
          style={{ position: 'absolute', inset: 0, touchAction: 'pan-y' }}
          onPointerMove={(event) => show(pointAt(event.clientX))}
          onPointerDown={(event) => show(pointAt(event.clientX))}
          onPointerLeave={() => show(null)}
        >
          {chart.yTicks.map((tick) => (
            <g key={tick}>
              <line x1={MARGIN.left} x2={MARGIN.left + plotWidth} y1={chart.y(tick)} y2={chart.y(tick)} stroke={grid} />
              <text x={MARGIN.left - 8} y={chart.y(tick)} textAnchor="end" dominantBaseline="middle" fontSize={11} fill={text}>
                {formatValue(tick)}
              </text>
            </g>
          ))}
          {chart.xTicks.map((tick) => (
            <text key={tick} x={chart.x(tick)} y={MARGIN.top + plotHeight + 18} textAnchor="middle" fontSize={11} fill={text}>
              {chart.tickFormat(tick)}
            </text>
          ))}
          <path d={chart.area} fill={color} fillOpacity={0.12} />
          <path d={chart.line} fill="none" stroke={color} strokeWidth={2} strokeLinejoin="round" />
          {hovered && (
            <g>
              <line x1={chart.x(hovered.t)} x2={chart.x(hovered.t)} y1={MARGIN.top} y2={MARGIN.top + plotHeight} stroke={text} strokeDasharray="3 3" />
              <circle cx={chart.x(hovered.t)} cy={chart.y(hovered.v)} r={4.5} fill={color} stroke="#fff" strokeWidth={2} />
            </g>
          )}
        </svg>
      )}
      {hovered && chart && (
        <Paper
          elevation={3}
          role="status"
          sx={{
            position: 'absolute',
            top: 4,
            px: 1,
            py: 0.5,
            pointerEvents: 'none',
            whiteSpace: 'nowrap',
            ...(chart.x(hovered.t) > size.width / 2 ? { right: size.width - chart.x(hovered.t) + 8 } : { left: chart.x(hovered.t) + 8 }),
          }}
        >
          <Typography variant="caption" component="div" color="text.secondary">
            {formats.dateTime(hovered.t)}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {formatValue(hovered.v)}
          </Typography>
        </Paper>
      )}
    </Box>
  );
}
