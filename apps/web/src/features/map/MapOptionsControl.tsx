import { useMemo, useState } from 'react';
import LayersIcon from '@mui/icons-material/Layers';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Popover from '@mui/material/Popover';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServerInfo } from '../../api/queries.ts';
import { tileSourcesQuery } from '../../api/tiles.ts';
import { setMapOption, useMapOptions, type MapOptions } from '../../state/mapOptions.ts';
import { useSessionUser } from '../../state/session.ts';
import { OFFLINE_LAYER, baseLayers, chosenBaseLayer } from './tiles.ts';

type Toggle = Exclude<keyof MapOptions, 'baseLayer'>;
const TOGGLES: Toggle[] = ['groups', 'geofences', 'names', 'plates', 'precision', 'status', 'cluster'];

/** Spec §2 map options panel: what the map shows, clustering, and the base layer. */
export function MapOptionsControl() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const options = useMapOptions();
  const server = useServerInfo().data?.server;
  const user = useSessionUser();
  const sources = useQuery(tileSourcesQuery).data;
  const layers = useMemo(() => (server ? baseLayers(sources, server, user) : []), [sources, server, user]);
  const chosen = server ? chosenBaseLayer(layers, options.baseLayer, server, user) : OFFLINE_LAYER;

  return (
    <>
      <Paper elevation={2} sx={{ position: 'absolute', zIndex: 1, top: 110, right: 10, borderRadius: 1 }}>
        <Tooltip title={t('map.options.title')} placement="left">
          <IconButton size="small" aria-label={t('map.options.title')} data-testid="map-options" onClick={(event) => setAnchor(event.currentTarget)}>
            <LayersIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Paper>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { p: 2, width: 260 } } }}
      >
        <Typography variant="subtitle2" gutterBottom>
          {t('map.options.show')}
        </Typography>
        {TOGGLES.map((toggle) => (
          <FormControlLabel
            key={toggle}
            sx={{ display: 'flex', mr: 0 }}
            control={<Switch size="small" checked={options[toggle]} onChange={(event) => setMapOption(toggle, event.target.checked)} />}
            label={t(`map.options.${toggle}`)}
          />
        ))}
        <Divider sx={{ my: 1.5 }} />
        <Typography variant="subtitle2" gutterBottom>
          {t('map.options.baseLayer')}
        </Typography>
        <RadioGroup value={chosen} onChange={(event) => setMapOption('baseLayer', event.target.value)}>
          {[OFFLINE_LAYER, ...layers.map((layer) => layer.id)].map((id) => (
            <FormControlLabel key={id} value={id} control={<Radio size="small" />} label={t(`mapLayers.${id}`)} />
          ))}
        </RadioGroup>
      </Popover>
    </>
  );
}
