import { useEffect } from 'react';
import { useMapInstance } from '../../../state/mapInstance.ts';
import { fitCoordinates } from './mapInset.ts';

/** Moves the map to show these [lon, lat] pairs once per new array (memoise it), above the report sheet. */
export function FitTo({ coordinates }: { coordinates: readonly [number, number][] }) {
  const map = useMapInstance();
  useEffect(() => {
    if (map) fitCoordinates(map, coordinates);
  }, [map, coordinates]);
  return null;
}
