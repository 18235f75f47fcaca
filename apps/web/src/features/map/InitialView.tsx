import { useEffect, useRef } from 'react';
import { useLivePositions } from '../../api/liveStore.ts';
import { useServerInfo } from '../../api/queries.ts';
import { selection } from '../../state/selection.ts';
import { useSessionUser } from '../../state/session.ts';
import { useCreatedMap } from './mapContext.ts';
import { configuredView, positionsBounds, selectZoom } from './view.ts';

/**
 * Once per session: the saved user/server view, else a fit around the devices — unless a device
 * opened from a link is to be focused and has its position: SelectionFocus flies there instead.
 */
export function InitialView() {
  const map = useCreatedMap();
  const server = useServerInfo();
  const user = useSessionUser();
  const positions = useLivePositions();
  const done = useRef(false);

  useEffect(() => {
    if (done.current || server.isPending) return;
    const { deviceId, focus } = selection.get();
    if (focus && deviceId !== null && positions.has(deviceId)) {
      done.current = true;
      return;
    }
    const view = configuredView(user, server.data?.server ?? null);
    if (view) {
      map.jumpTo(view);
      done.current = true;
      return;
    }
    const bounds = positionsBounds(positions.values());
    if (bounds) {
      map.fitBounds(bounds, { padding: 64, maxZoom: selectZoom(server.data?.server.attributes), duration: 0 });
      done.current = true;
    }
  }, [map, server.isPending, server.data, user, positions]);

  return null;
}
