import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveStore } from '../api/liveStore.ts';
import { getPositionsByIds } from '../api/positions.ts';
import { devicesQuery, positionsQuery, useDevices, usePositions } from '../api/queries.ts';
import { openLiveSocket, type LiveSocket } from '../api/socket.ts';

let socket: LiveSocket | null = null;

/** Closes the live socket for good (logout). */
export function closeLiveSocket(): void {
  socket?.close();
  socket = null;
}

/**
 * Feeds the live store: devices and positions over REST, then socket frames. After a reconnect the
 * REST lists are reloaded, since frames sent while disconnected are lost. The first connection needs
 * no reload: the lists were just fetched and the socket opens with the latest positions.
 */
export function useLiveSync(): void {
  const queryClient = useQueryClient();
  const devices = useDevices().data;
  const positions = usePositions().data;

  useEffect(() => {
    if (devices) liveStore.replaceDevices(devices);
  }, [devices]);

  useEffect(() => {
    if (positions) liveStore.replacePositions(positions);
  }, [positions]);

  // A device that joins the list after the positions were read (linked, shared, added) has a
  // latest position the store lacks until the device reports again: ask for those by id.
  const asked = useRef(new Set<number>());
  useEffect(() => {
    if (!devices || !positions) return;
    const known = liveStore.getState().positions;
    const missing = devices.flatMap((device) =>
      device.positionId && !known.get(device.id) && !asked.current.has(device.positionId) ? [device.positionId] : []);
    if (missing.length === 0) return;
    missing.forEach((id) => asked.current.add(id));
    getPositionsByIds(missing).then((found) => liveStore.push({ positions: found }), () => missing.forEach((id) => asked.current.delete(id)));
  }, [devices, positions]);

  useEffect(() => {
    const live = openLiveSocket({
      onMessage: (message) => liveStore.push(message),
      onOpen: (reconnected) => {
        if (!reconnected) return;
        void queryClient.invalidateQueries({ queryKey: devicesQuery.queryKey });
        void queryClient.invalidateQueries({ queryKey: positionsQuery.queryKey });
      },
    });
    socket = live;
    return () => {
      live.close();
      if (socket === live) socket = null;
    };
  }, [queryClient]);
}
