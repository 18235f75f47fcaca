import { createStore, useStore } from './store.ts';

/** Spec §4: follow and trail modes per device, switched from the device details, drawn by the map. */
export interface MapModes {
  /** The device the map keeps centred, if any. */
  followed: number | null;
  /** Devices whose live track is drawn from the moment the trail was switched on. */
  trails: ReadonlySet<number>;
}

export const mapModes = createStore<MapModes>({ followed: null, trails: new Set() });

export function setFollowed(deviceId: number | null): void {
  mapModes.set({ ...mapModes.get(), followed: deviceId });
}

export function setTrail(deviceId: number, on: boolean): void {
  const trails = new Set(mapModes.get().trails);
  if (on) trails.add(deviceId);
  else trails.delete(deviceId);
  mapModes.set({ ...mapModes.get(), trails });
}

export function useMapModes(): MapModes {
  return useStore(mapModes);
}
