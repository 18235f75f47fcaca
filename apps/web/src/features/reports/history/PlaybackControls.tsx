import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PLAYBACK_SPEEDS, type PlaybackSpeed } from './playback.ts';
import type { Playback } from './usePlayback.ts';

interface PlaybackControlsProps {
  playback: Playback;
  count: number;
  /** Time label of a position, for the slider. */
  timeOf: (index: number) => string;
  follow: boolean;
  onFollow: (follow: boolean) => void;
}

/** Play/pause, step, the position slider, the speed (1× to 20×) and follow. */
export function PlaybackControls({ playback, count, timeOf, follow, onFollow }: PlaybackControlsProps) {
  const { t } = useTranslation();
  const { index, playing } = playback;
  const last = count - 1;

  return (
    <Box
      sx={{
        px: 1.5,
        py: 0.5,
        display: 'grid',
        alignItems: 'center',
        columnGap: 1,
        // one row on a wide screen; on a phone the slider gets a row of its own
        gridTemplateColumns: { xs: '1fr auto auto', sm: 'auto 1fr auto auto auto' },
        gridTemplateAreas: { xs: '"slider slider counter" "buttons speed follow"', sm: '"buttons slider counter speed follow"' },
      }}
      data-testid="playback-controls"
    >
      <Stack direction="row" alignItems="center" sx={{ gridArea: 'buttons' }}>
        <Tooltip title={t('reports.playback.previous')}>
          <span>
            <IconButton aria-label={t('reports.playback.previous')} disabled={index <= 0} onClick={() => playback.seek(index - 1)}>
              <SkipPreviousIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={playing ? t('reports.playback.pause') : t('reports.playback.play')}>
          <IconButton
            color="primary"
            size="large"
            aria-label={playing ? t('reports.playback.pause') : t('reports.playback.play')}
            onClick={playing ? playback.pause : playback.play}
            data-testid={playing ? 'playback-pause' : 'playback-play'}
          >
            {playing ? <PauseIcon fontSize="large" /> : <PlayArrowIcon fontSize="large" />}
          </IconButton>
        </Tooltip>
        <Tooltip title={t('reports.playback.next')}>
          <span>
            <IconButton aria-label={t('reports.playback.next')} disabled={index >= last} onClick={() => playback.seek(index + 1)}>
              <SkipNextIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Slider
        size="small"
        min={0}
        max={Math.max(0, last)}
        value={index}
        onChange={(_, value) => playback.seek(value)}
        valueLabelDisplay="auto"
        valueLabelFormat={timeOf}
        aria-label={t('reports.playback.position')}
        getAriaValueText={timeOf}
        sx={{ gridArea: 'slider', mx: 1, width: 'auto' }}
        data-testid="playback-slider"
      />
      <Typography variant="body2" sx={{ gridArea: 'counter', fontVariantNumeric: 'tabular-nums', textAlign: 'right' }} data-testid="playback-counter">
        {t('reports.playback.counter', { current: index + 1, total: count })}
      </Typography>
      <TextField
        select
        size="small"
        label={t('reports.playback.speed')}
        value={playback.speed}
        onChange={(event) => playback.setSpeed(Number(event.target.value) as PlaybackSpeed)}
        sx={{ gridArea: 'speed', width: 92 }}
      >
        {PLAYBACK_SPEEDS.map((speed) => (
          <MenuItem key={speed} value={speed}>
            {speed}×
          </MenuItem>
        ))}
      </TextField>
      <Tooltip title={t('reports.playback.follow')}>
        <ToggleButton
          sx={{ gridArea: 'follow', justifySelf: 'end' }}
          value="follow"
          size="small"
          selected={follow}
          onChange={() => onFollow(!follow)}
          aria-label={t('reports.playback.follow')}
        >
          <CenterFocusStrongIcon />
        </ToggleButton>
      </Tooltip>
    </Box>
  );
}
