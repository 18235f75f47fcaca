import { useEffect } from 'react';
import { useMapInstance } from '../../../state/mapInstance.ts';
import { mapInset } from '../map/mapInset.ts';

/** Keeps the map centred on the played position, in the part of the map above the sheet. */
export function FollowPosition({ longitude, latitude }: { longitude: number; latitude: number }) {
  const map = useMapInstance();
  useEffect(() => {
    // `offset`, not `padding`: padding given to a camera move stays on the map for every page after
    map?.easeTo({ center: [longitude, latitude], offset: [0, -mapInset.get() / 2], duration: 200 });
  }, [map, longitude, latitude]);
  return null;
}
