import { useEffect } from 'react';
import { liveStore } from '../../api/liveStore.ts';
import { useServerInfo } from '../../api/queries.ts';
import { useSelection } from '../../app/selection.ts';
import { useMapInstance } from './mapContext.ts';
import { selectZoom } from './view.ts';

/** Flies to a device picked from a list, at the server's `web.selectZoom`. */
export function SelectionFocus() {
  const map = useMapInstance();
  const { deviceId, focus, revision } = useSelection();
  const zoom = selectZoom(useServerInfo().data?.server.attributes);

  useEffect(() => {
    if (!focus || deviceId === null) return;
    const position = liveStore.getState().positions.get(deviceId);
    if (position) map.flyTo({ center: [position.longitude, position.latitude], zoom });
    // revision: picking the same device again flies there again
  }, [map, deviceId, focus, revision, zoom]);

  return null;
}
