import { useEffect, useSyncExternalStore } from 'react';
import { liveStore } from '../../api/liveStore.ts';
import { useServerInfo } from '../../api/queries.ts';
import { useMapInstance } from '../../state/mapInstance.ts';
import { useSelection } from '../../state/selection.ts';
import { selectZoom } from './view.ts';

/**
 * Flies to a device picked from a list, at the server's `web.selectZoom`. A device opened from a
 * link (`/devices/{id}` on a new page) has no position yet: it flies once the position arrives.
 */
export function SelectionFocus() {
  const map = useMapInstance();
  const { deviceId, focus, revision } = useSelection();
  const zoom = selectZoom(useServerInfo().data?.server.attributes);
  const located = useSyncExternalStore(liveStore.subscribe, () => deviceId !== null && liveStore.getState().positions.has(deviceId));

  useEffect(() => {
    if (!map || !focus || deviceId === null || !located) return;
    const position = liveStore.getState().positions.get(deviceId)!;
    map.flyTo({ center: [position.longitude, position.latitude], zoom });
    // revision: picking the same device again flies there again
  }, [map, deviceId, focus, revision, zoom, located]);

  return null;
}
