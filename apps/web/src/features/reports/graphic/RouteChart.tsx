import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Position } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { nameOf } from '../../../i18n/names.ts';
import { offsetAt } from '../../../ui/zonedTime.ts';
import { useReportFormat } from '../format/useReportFormat.ts';
import { CurrentPosition } from '../map/CurrentPosition.tsx';
import { RouteOnMap } from '../route/RouteOnMap.tsx';
import { LineChart } from './LineChart.tsx';
import { chartableKeys, seriesOf, seriesUnit, unitSuffix } from './series.ts';

interface RouteChartProps {
  route: readonly Position[];
  attribute: string;
  onAttribute: (key: string) => void;
}

/** The chart of one quantity of a route, the quantity picker, and the point under the pointer shown on the map. */
export function RouteChart({ route, attribute, onAttribute }: RouteChartProps) {
  const { t, i18n } = useTranslation();
  const format = useReportFormat();
  const keys = useMemo(() => chartableKeys(route), [route]);
  const key = keys.includes(attribute) ? attribute : keys[0];
  const unit = useMemo(() => seriesUnit(key, format.speedUnit, format.distanceUnit), [key, format.speedUnit, format.distanceUnit]);
  const suffix = unitSuffix(key, unit);
  const points = useMemo(() => seriesOf(route, key, unit), [route, key, unit]);
  const [hover, setHover] = useState<number | null>(null);
  const hovered = hover === null ? undefined : route[points[hover]?.index];
  const name = (attributeKey: string) => nameOf(i18n, 'attribute', attributeKey);
  const formatValue = (value: number) => `${format.number(value)}${suffix ? ` ${suffix}` : ''}`;

  let low = Infinity;
  let high = -Infinity;
  let sum = 0;
  for (const point of points) {
    low = Math.min(low, point.v);
    high = Math.max(high, point.v);
    sum += point.v;
  }

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', p: 1.5, gap: 1 }}>
      <Stack direction="row" alignItems="center" spacing={2} useFlexGap flexWrap="wrap">
        <TextField
          select
          size="small"
          label={t('reports.graphic.attribute')}
          value={key}
          onChange={(event) => onAttribute(event.target.value)}
          sx={{ minWidth: 200 }}
          slotProps={{ htmlInput: { 'data-testid': 'graphic-attribute' } }}
        >
          {keys.map((option) => (
            <MenuItem key={option} value={option}>
              {name(option)}
            </MenuItem>
          ))}
        </TextField>
        {points.length > 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="graphic-stats">
            {t('reports.graphic.stats', { min: formatValue(low), max: formatValue(high), average: formatValue(sum / points.length) })}
          </Typography>
        )}
      </Stack>
      {points.length ? (
        <LineChart
          points={points}
          label={t('reports.graphic.chartLabel', { attribute: name(key) })}
          formatValue={formatValue}
          formats={format}
          offsetMs={offsetAt(points[0].t, format.timeZone)}
          onHover={setHover}
        />
      ) : (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {t('reports.status.noData')}
        </Typography>
      )}
      <RouteOnMap positions={route} />
      {hovered && <CurrentPosition longitude={hovered.longitude} latitude={hovered.latitude} course={hovered.course} />}
    </Box>
  );
}
