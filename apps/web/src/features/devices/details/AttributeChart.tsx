import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { historyQuery } from '../../../api/queries.ts';
import { nameOf } from '../../../i18n/names.ts';
import { useFormats } from '../../../state/formats.ts';
import { useSpeedUnit } from '../../../state/preferences.ts';
import { useErrorText } from '../../../ui/useErrorText.ts';
import { chartGeometry, type ChartBox } from './chartGeometry.ts';
import { POSITION_SERIES, chartSeries, numericAttributes } from './chartSeries.ts';
import { PERIODS, periodRange, type Period } from './periods.ts';

const BOX: ChartBox = { width: 360, height: 160, padding: { top: 10, right: 10, bottom: 22, left: 44 } };

/** Spec §2 "graphic": one position value of the device over a period, as a line. */
export function AttributeChart({ deviceId }: { deviceId: number }) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const theme = useTheme();
  const errorText = useErrorText();
  const speedUnit = useSpeedUnit();
  const [period, setPeriod] = useState<Period>('today');
  const [series, setSeries] = useState('speed');
  // the period is fixed when picked, so the query key holds still
  const range = useMemo(() => periodRange(period, Date.now(), formats.timeZone), [period, formats.timeZone]);
  const history = useQuery(historyQuery(deviceId, range.from, range.to));
  const positions = useMemo(() => history.data ?? [], [history.data]);
  const choices = useMemo(() => [...POSITION_SERIES, ...numericAttributes(positions)], [positions]);
  const geometry = useMemo(() => chartGeometry(chartSeries(positions, series, speedUnit), BOX), [positions, series, speedUnit]);

  const number = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
  const time = period === 'today' ? formats.time : formats.custom({ hour: '2-digit', minute: '2-digit', day: '2-digit', month: '2-digit' });
  const label = (key: string) => {
    if (key === 'speed') return `${t('devices.chart.speed')} (${t(`devices.units.${speedUnit}`)})`;
    return i18n.exists(`devices.chart.${key}`) ? t(`devices.chart.${key}`) : nameOf(i18n, 'attribute', key);
  };

  return (
    <Box data-testid="attribute-chart">
      <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
        <TextField select size="small" label={t('devices.chart.value')} value={choices.includes(series) ? series : 'speed'} onChange={(event) => setSeries(event.target.value)} sx={{ flex: 1 }}>
          {choices.map((key) => (
            <MenuItem key={key} value={key}>{label(key)}</MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t('devices.period')} value={period} onChange={(event) => setPeriod(event.target.value as Period)} sx={{ flex: 1 }}>
          {PERIODS.map((key) => (
            <MenuItem key={key} value={key}>{t(`devices.periods.${key}`)}</MenuItem>
          ))}
        </TextField>
      </Stack>
      {history.isPending && <LinearProgress />}
      {history.isError && <Typography color="error" variant="body2">{errorText(history.error)}</Typography>}
      {history.isSuccess && !geometry && <Typography color="text.secondary" variant="body2">{t('devices.chart.empty')}</Typography>}
      {geometry && (
        <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} width="100%" role="img" aria-label={label(series)} style={{ display: 'block', fontFamily: theme.typography.fontFamily, fontSize: 10 }}>
          <line x1={BOX.padding.left} x2={BOX.width - BOX.padding.right} y1={BOX.height - BOX.padding.bottom} y2={BOX.height - BOX.padding.bottom} stroke={theme.palette.divider} />
          <line x1={BOX.padding.left} x2={BOX.padding.left} y1={BOX.padding.top} y2={BOX.height - BOX.padding.bottom} stroke={theme.palette.divider} />
          <text x={BOX.padding.left - 4} y={BOX.padding.top + 8} textAnchor="end" fill={theme.palette.text.secondary}>{number(geometry.max)}</text>
          <text x={BOX.padding.left - 4} y={BOX.height - BOX.padding.bottom} textAnchor="end" fill={theme.palette.text.secondary}>{number(geometry.min)}</text>
          <text x={BOX.padding.left} y={BOX.height - 6} fill={theme.palette.text.secondary}>{time(geometry.start)}</text>
          <text x={BOX.width - BOX.padding.right} y={BOX.height - 6} textAnchor="end" fill={theme.palette.text.secondary}>{time(geometry.end)}</text>
          <path d={geometry.path} fill="none" stroke={theme.palette.primary.main} strokeWidth={1.75} strokeLinejoin="round" />
        </svg>
      )}
    </Box>
  );
}
