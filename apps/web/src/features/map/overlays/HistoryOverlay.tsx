import CloseIcon from '@mui/icons-material/Close';
import ScatterPlotIcon from '@mui/icons-material/ScatterPlot';
import StreetviewIcon from '@mui/icons-material/Streetview';
import TimelineIcon from '@mui/icons-material/Timeline';
import WhatshotIcon from '@mui/icons-material/Whatshot';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLiveDevices } from '../../../api/liveStore.ts';
import { historyQuery } from '../../../api/queries.ts';
import { useFormats } from '../../../state/formats.ts';
import { parseOverlay, withOverlay, type MapOverlay, type OverlayMode } from '../../../state/mapOverlay.ts';
import { useErrorText } from '../../../ui/useErrorText.ts';
import { HistoryLayers } from './HistoryLayers.tsx';

const MODE_ICONS: Record<OverlayMode, ReactNode> = {
  route: <TimelineIcon fontSize="small" />,
  points: <ScatterPlotIcon fontSize="small" />,
  heat: <WhatshotIcon fontSize="small" />,
  street: <StreetviewIcon fontSize="small" />,
};

/** The overlay view named in the page's query, with its bar: device, period, mode and close. */
export function HistoryOverlay() {
  const [params, setParams] = useSearchParams();
  const overlay = parseOverlay(params);
  if (!overlay) return null;
  const change = (next: MapOverlay | null) => setParams((current) => withOverlay(current, next), { replace: true });
  // keyed by the view, so a new period starts from a clean state
  return <OverlayView key={`${overlay.deviceId} ${overlay.from.getTime()} ${overlay.to.getTime()}`} overlay={overlay} onChange={change} />;
}

function OverlayView({ overlay, onChange }: { overlay: MapOverlay; onChange: (next: MapOverlay | null) => void }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const errorText = useErrorText();
  const device = useLiveDevices().get(overlay.deviceId);
  const history = useQuery(historyQuery(overlay.deviceId, overlay.from, overlay.to));
  const positions = history.data ?? [];

  let status: ReactNode = null;
  if (history.isPending) status = <LinearProgress sx={{ mt: 1 }} />;
  else if (history.isError) status = <Typography variant="body2" color="error">{errorText(history.error)}</Typography>;
  else if (positions.length === 0) status = <Typography variant="body2" color="text.secondary">{t('map.overlay.routeEmpty')}</Typography>;

  return (
    <>
      {positions.length > 0 && <HistoryLayers positions={positions} mode={overlay.mode} />}
      <Paper
        elevation={4}
        data-testid="map-overlay"
        sx={{ position: 'absolute', zIndex: 1, top: 10, left: '50%', transform: 'translateX(-50%)', px: 1.5, py: 1, maxWidth: 'calc(100% - 120px)' }}
      >
        <Stack direction="row" alignItems="center" spacing={1}>
          <Stack sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="subtitle2" noWrap>
              {device?.name ?? t('map.overlay.title')}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap>
              {formats.dateTime(overlay.from)} – {formats.dateTime(overlay.to)}
            </Typography>
          </Stack>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={overlay.mode}
            onChange={(_event, mode: OverlayMode | null) => mode && onChange({ ...overlay, mode })}
          >
            {(Object.keys(MODE_ICONS) as OverlayMode[]).map((mode) => (
              <ToggleButton key={mode} value={mode} aria-label={t(`map.overlay.${mode}`)}>
                <Tooltip title={t(`map.overlay.${mode}`)}>
                  <span style={{ display: 'flex' }}>{MODE_ICONS[mode]}</span>
                </Tooltip>
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <IconButton size="small" aria-label={t('common.close')} onClick={() => onChange(null)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
        {status}
      </Paper>
    </>
  );
}
