import { useCallback, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Position, ReportStop, ReportSummary } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { useReportFormat } from '../format/useReportFormat.ts';
import { MARKER_COLORS } from '../map/markerColors.ts';
import { NearestPointClick } from '../map/NearestPointClick.tsx';
import { routeCoordinates } from '../map/routeCoordinates.ts';
import { CurrentPosition } from '../map/CurrentPosition.tsx';
import { PointMarkers } from '../map/PointMarkers.tsx';
import { StopMarkers } from '../map/StopMarkers.tsx';
import { RouteOnMap } from '../route/RouteOnMap.tsx';
import { FollowPosition } from './FollowPosition.tsx';
import { indexAtTime } from './playback.ts';
import { PlaybackControls } from './PlaybackControls.tsx';
import { PeriodSummaryView } from './PeriodSummaryView.tsx';
import { summarizePeriod } from './periodSummary.ts';
import { PositionDetails } from './PositionDetails.tsx';
import { StopList } from './StopList.tsx';
import { usePlayback } from './usePlayback.ts';

interface PlayerProps {
  route: readonly Position[];
  /** Null while loading or when the server lacks the report: the route alone then serves. */
  stops: readonly ReportStop[] | null;
  summary: ReportSummary | null;
  /** Why the stops are missing, if they failed. */
  stopsError: string | null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ minWidth: 0 }}>
      <Typography variant="overline" component="h3" color="text.secondary" sx={{ lineHeight: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Route playback: the route and its stops on the map, the moving vehicle, its controls and what it reports. */
export function Player({ route, stops, summary, stopsError }: PlayerProps) {
  const { t } = useTranslation();
  const format = useReportFormat();
  const playback = usePlayback(route.length);
  // off at first, so the map keeps showing the whole route until asked to follow
  const [follow, setFollow] = useState(false);
  const current = route[playback.index];
  const times = useMemo(() => route.map((position) => Date.parse(position.fixTime)), [route]);
  const period = useMemo(() => summarizePeriod(route, summary), [route, summary]);
  const stopMarks = useMemo(
    () => (stops ?? []).map((stop) => ({ longitude: stop.longitude, latitude: stop.latitude, label: format.duration(stop.duration) })),
    [stops, format],
  );
  const coordinates = useMemo(() => routeCoordinates(route), [route]);
  const { seek } = playback;
  const seekToStop = useCallback((stop: ReportStop) => seek(indexAtTime(times, Date.parse(stop.startTime))), [seek, times]);
  // every position as a dot once zoomed in close enough to tell them apart
  const points = useMemo(
    () => route.map((position) => ({ longitude: position.longitude, latitude: position.latitude, color: MARKER_COLORS.point })),
    [route],
  );

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      <PlaybackControls
        playback={playback}
        count={route.length}
        timeOf={(index) => format.dateTime(times[index])}
        follow={follow}
        onFollow={setFollow}
      />
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          px: 1.5,
          pb: 1.5,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.3fr) minmax(0, 1fr) minmax(0, 1fr)' },
          alignContent: 'start',
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Section title={t('reports.playback.position')}>
          <PositionDetails position={current} format={format} />
        </Section>
        <Section title={t('reports.playback.summary')}>
          <PeriodSummaryView summary={period} format={format} />
        </Section>
        <Section title={t('reports.pages.stops.title')}>
          {stopsError ? (
            <Typography variant="body2" color="text.secondary">{stopsError}</Typography>
          ) : (
            stops && <StopList stops={stops} format={format} onSelect={seekToStop} />
          )}
        </Section>
      </Box>
      <RouteOnMap positions={route} />
      <PointMarkers points={points} radius={3} minZoom={15} />
      <NearestPointClick coordinates={coordinates} onPick={seek} />
      <StopMarkers stops={stopMarks} />
      <CurrentPosition longitude={current.longitude} latitude={current.latitude} course={current.course} />
      {follow && <FollowPosition longitude={current.longitude} latitude={current.latitude} />}
    </Box>
  );
}
