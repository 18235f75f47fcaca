import { useCallback, useMemo, useState } from 'react';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServerInfo } from '../../api/queries.ts';
import { tileSourcesQuery } from '../../api/tiles.ts';
import { useMapOptions } from '../../state/mapOptions.ts';
import { useSessionUser } from '../../state/session.ts';
import { RasterTiles } from './RasterTiles.tsx';
import { VectorBasemap } from './VectorBasemap.tsx';
import { OFFLINE_LAYER, baseLayers, chosenBaseLayer, drawnBaseLayer } from './tiles.ts';

const NONE: ReadonlySet<string> = new Set();

/**
 * The base map above the offline atlas: the chosen layer (a street map unless someone chose
 * otherwise). When its tiles cannot be fetched (no internet, provider down) it gives way by itself
 * to the self-hosted basemap, else to the atlas alone, and says so, with a way to try again.
 */
export function BaseLayers() {
  const { t } = useTranslation();
  const server = useServerInfo().data?.server;
  const sources = useQuery(tileSourcesQuery).data;
  const user = useSessionUser();
  const picked = useMapOptions().baseLayer;
  const layers = useMemo(() => (server ? baseLayers(sources, server, user) : []), [sources, server, user]);
  const chosen = server ? chosenBaseLayer(layers, picked, server, user) : OFFLINE_LAYER;
  // the layers that failed since this one was chosen: choosing another (or trying again) starts afresh
  const [failure, setFailure] = useState<{ chosen: string; ids: ReadonlySet<string> }>({ chosen, ids: NONE });
  const failed = failure.chosen === chosen ? failure.ids : NONE;
  const drawnId = drawnBaseLayer(layers, chosen, failed);
  const drawn = layers.find((layer) => layer.id === drawnId);
  const onFailed = useCallback(() => setFailure({ chosen, ids: new Set([...failed, drawnId]) }), [chosen, failed, drawnId]);

  return (
    <>
      {drawn?.kind === 'raster' && <RasterTiles key={drawn.id} layer={drawn} onFailed={onFailed} />}
      {drawn?.kind === 'vector' && <VectorBasemap layer={drawn} onFailed={onFailed} />}
      {drawnId !== chosen && (
        <Paper
          role="status"
          data-testid="map-fallback"
          elevation={2}
          sx={{
            position: 'absolute',
            zIndex: 1,
            // top centre, clear of the map's controls on the right (the fleet overview is top left on
            // wide screens, at the bottom on phones)
            top: 10,
            left: { xs: 10, sm: '50%' },
            right: { xs: 56, sm: 'auto' },
            transform: { sm: 'translateX(-50%)' },
            px: 1.5,
            py: 0.5,
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            maxWidth: { sm: 'calc(100% - 120px)' },
          }}
        >
          <CloudOffIcon fontSize="small" color="action" />
          <Typography variant="body2">{t(drawnId === 'basemap' ? 'map.fallback.basemap' : 'map.fallback.offline')}</Typography>
          <Button size="small" sx={{ flexShrink: 0, whiteSpace: 'nowrap' }} onClick={() => setFailure({ chosen, ids: NONE })}>
            {t('map.fallback.retry')}
          </Button>
        </Paper>
      )}
    </>
  );
}
