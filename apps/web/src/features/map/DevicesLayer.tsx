import { useEffect, useEffectEvent, useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import type { GeoJSONSource, MapMouseEvent } from 'maplibre-gl';
import { useLiveDevices, useLivePositions } from '../../api/liveStore.ts';
import { selectDevice, useSelection } from '../../app/selection.ts';
import { STATUS_COLORS } from '../../ui/deviceStatus.ts';
import { deviceFeatures } from './deviceFeatures.ts';
import { HEADING_IMAGE, headingArrowImage } from './headingArrow.ts';
import { useMapInstance } from './mapContext.ts';

/** The end-to-end tests read the `devices` circle layer. */
const DEVICES_SOURCE = 'devices';
const DEVICES_LAYER = 'devices';
const HEADING_LAYER = 'devices-heading';
const SELECTION_LAYER = 'devices-selection';

/** Devices as circles coloured by status, with a heading arrow while moving and a ring on the selected one. */
export function DevicesLayer() {
  const map = useMapInstance();
  const theme = useTheme();
  const devices = useLiveDevices();
  const positions = useLivePositions();
  const { deviceId: selectedId } = useSelection();
  const features = useMemo(() => deviceFeatures(devices, positions), [devices, positions]);
  // read when the layers are (re)built, so a rebuild starts from the current data
  const current = useEffectEvent(() => ({ features, selectedId }));

  useEffect(() => {
    const initial = current();
    map.addSource(DEVICES_SOURCE, { type: 'geojson', data: initial.features });
    if (!map.hasImage(HEADING_IMAGE)) {
      map.addImage(HEADING_IMAGE, headingArrowImage(window.devicePixelRatio), { pixelRatio: window.devicePixelRatio });
    }
    map.addLayer({
      id: SELECTION_LAYER,
      type: 'circle',
      source: DEVICES_SOURCE,
      filter: ['==', ['get', 'deviceId'], initial.selectedId ?? -1],
      paint: {
        'circle-radius': 16,
        'circle-color': theme.palette.primary.main,
        'circle-opacity': 0.2,
        'circle-stroke-color': theme.palette.primary.main,
        'circle-stroke-width': 2,
      },
    });
    map.addLayer({
      id: DEVICES_LAYER,
      type: 'circle',
      source: DEVICES_SOURCE,
      paint: {
        'circle-radius': 8,
        'circle-color': [
          'match',
          ['get', 'status'],
          'online', STATUS_COLORS.online,
          'offline', STATUS_COLORS.offline,
          STATUS_COLORS.unknown,
        ],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    });
    map.addLayer({
      id: HEADING_LAYER,
      type: 'symbol',
      source: DEVICES_SOURCE,
      filter: ['==', ['get', 'moving'], true],
      layout: {
        'icon-image': HEADING_IMAGE,
        'icon-rotate': ['get', 'course'],
        'icon-rotation-alignment': 'map',
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    });

    const onClick = (event: MapMouseEvent) => {
      const [hit] = map.queryRenderedFeatures(event.point, { layers: [DEVICES_LAYER] });
      const deviceId = hit?.properties.deviceId;
      selectDevice(typeof deviceId === 'number' ? deviceId : null);
    };
    const pointer = () => (map.getCanvas().style.cursor = 'pointer');
    const noPointer = () => (map.getCanvas().style.cursor = '');
    map.on('click', onClick);
    map.on('mouseenter', DEVICES_LAYER, pointer);
    map.on('mouseleave', DEVICES_LAYER, noPointer);
    return () => {
      map.off('click', onClick);
      map.off('mouseenter', DEVICES_LAYER, pointer);
      map.off('mouseleave', DEVICES_LAYER, noPointer);
      [HEADING_LAYER, DEVICES_LAYER, SELECTION_LAYER].forEach((layer) => map.removeLayer(layer));
      map.removeSource(DEVICES_SOURCE);
    };
  }, [map, theme]);

  // the live store changes at most once per animation frame, so this is one setData per frame at most
  useEffect(() => {
    map.getSource<GeoJSONSource>(DEVICES_SOURCE)?.setData(features);
  }, [map, features]);

  useEffect(() => {
    map.setFilter(SELECTION_LAYER, ['==', ['get', 'deviceId'], selectedId ?? -1]);
  }, [map, selectedId]);

  return null;
}
