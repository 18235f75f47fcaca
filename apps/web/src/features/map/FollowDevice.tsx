import { useEffect } from 'react';
import { liveStore } from '../../api/liveStore.ts';
import { useMapInstance } from '../../state/mapInstance.ts';
import { setFollowed, useMapModes } from '../../state/mapModes.ts';

/** Follow mode (spec §4): the map keeps the followed device in the centre as it moves, until the user drags it. */
export function FollowDevice() {
  const map = useMapInstance();
  const { followed } = useMapModes();

  useEffect(() => {
    if (!map || followed === null) return;
    let last = liveStore.getState().positions.get(followed);
    if (last) map.easeTo({ center: [last.longitude, last.latitude] });
    const unsubscribe = liveStore.subscribe(() => {
      const position = liveStore.getState().positions.get(followed);
      if (!position || position === last) return;
      last = position;
      map.easeTo({ center: [position.longitude, position.latitude], duration: 500 });
    });
    const stop = () => setFollowed(null);
    map.on('dragstart', stop);
    return () => {
      unsubscribe();
      map.off('dragstart', stop);
    };
  }, [map, followed]);

  return null;
}
