import { useMemo, useState } from 'react';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useThrottledLiveState } from '../../api/liveStore.ts';
import { deviceFilters, deviceQuery } from '../../state/deviceFilters.ts';
import { STATUS_COLORS } from './deviceStatus.ts';
import { filtersFor, OVERVIEW_FIGURES, overviewCounts, type OverviewFigure } from './fleetOverview.ts';

/** The counts follow the live data at most this often: a glance, not a ticker. */
const REFRESH_MS = 1000;

const FIGURE_COLORS: Partial<Record<OverviewFigure, string>> = {
  ...STATUS_COLORS,
  moving: '#1565c0',
  ignition: '#ef6c00',
  alarm: '#c62828',
};

/**
 * /home: the fleet at a glance over the map (beyond the spec) — how many devices are online,
 * offline, unknown, moving, with the ignition on or in alarm; each figure opens the device list
 * filtered to exactly the devices it counts.
 */
export default function FleetOverview() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { devices, positions } = useThrottledLiveState(REFRESH_MS);
  const counts = useMemo(() => overviewCounts(devices.values(), positions), [devices, positions]);
  const [open, setOpen] = useState(true);

  const show = (figure: OverviewFigure) => {
    deviceFilters.set(filtersFor(figure));
    deviceQuery.set('');
    void navigate('/devices');
  };

  return (
    <Paper
      component="section"
      aria-label={t('devices.overview.title')}
      data-testid="fleet-overview"
      elevation={3}
      // on a phone at the foot, in thumb's reach and clear of the map's notices and buttons at the top
      sx={{
        position: 'absolute',
        zIndex: 1,
        top: { xs: 'auto', sm: 12 },
        bottom: { xs: 40, sm: 'auto' },
        left: 12,
        width: { xs: 'calc(100% - 24px)', sm: 400 },
        borderRadius: 2,
        overflow: 'hidden',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', pl: 1.5, pr: 0.5, py: 0.25 }}>
        <Typography variant="subtitle2" component="h2" sx={{ flex: 1 }}>
          {t('devices.overview.title')}
        </Typography>
        <IconButton
          size="small"
          aria-expanded={open}
          aria-label={t(open ? 'devices.overview.collapse' : 'devices.overview.expand')}
          onClick={() => setOpen(!open)}
        >
          {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
        </IconButton>
      </Box>
      {/* three columns on a phone, four beside a desktop map: every label fits whole, never broken mid-word */}
      {open && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 0.5, px: 0.75, pb: 0.75 }}>
          {OVERVIEW_FIGURES.map((figure) => (
            <ButtonBase
              key={figure}
              data-testid={`overview-${figure}`}
              aria-label={t(`devices.overview.show.${figure}`, { count: counts[figure] })}
              onClick={() => show(figure)}
              sx={{
                flexDirection: 'column',
                alignItems: 'stretch',
                textAlign: 'center',
                borderRadius: 1,
                py: 0.75,
                px: 0.25,
                minWidth: 0,
                borderTop: 3,
                borderColor: FIGURE_COLORS[figure] ?? 'divider',
                bgcolor: 'action.hover',
                '&:hover': { bgcolor: 'action.selected' },
              }}
            >
              <Typography variant="h6" component="span" sx={{ lineHeight: 1.2 }}>
                {counts[figure]}
              </Typography>
              <Typography variant="caption" component="span" color="text.secondary" sx={{ lineHeight: 1.2 }}>
                {t(`devices.overview.figures.${figure}`)}
              </Typography>
            </ButtonBase>
          ))}
        </Box>
      )}
    </Paper>
  );
}
