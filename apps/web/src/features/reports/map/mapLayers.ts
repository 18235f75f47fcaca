import { useId } from 'react';

/** A source or layer id from React's `useId` (which contains colons), unique per drawing component. */
export function layerId(reactId: string, suffix: string): string {
  return `report${reactId.replace(/[^A-Za-z0-9_-]/g, '')}-${suffix}`;
}

/** Ids of a drawing component's sources and layers, one per suffix. */
export function useLayerIds(...suffixes: string[]): string[] {
  const reactId = useId();
  return suffixes.map((suffix) => layerId(reactId, suffix));
}
