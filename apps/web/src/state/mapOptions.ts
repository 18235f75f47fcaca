import { createPersistedStore } from './persistedStore.ts';
import { useStore } from './store.ts';

/** Spec §2 map options panel, plus marker clustering and the base layer; persisted. */
export interface MapOptions {
  /** Devices listed under their groups. */
  groups: boolean;
  geofences: boolean;
  names: boolean;
  plates: boolean;
  /** Accuracy circle around each position. */
  precision: boolean;
  /** Status colour ring on the markers. */
  status: boolean;
  cluster: boolean;
  /** Id of the chosen base layer; null follows the user's, else the server's, `map`. */
  baseLayer: string | null;
}

export const DEFAULT_MAP_OPTIONS: MapOptions = {
  groups: false,
  geofences: true,
  names: true,
  plates: false,
  precision: false,
  status: true,
  cluster: true,
  baseLayer: null,
};

export const mapOptions = createPersistedStore<MapOptions>('rastro.mapOptions', (stored) => {
  if (typeof stored !== 'object' || stored === null) return DEFAULT_MAP_OPTIONS;
  const record = stored as Record<string, unknown>;
  const options = { ...DEFAULT_MAP_OPTIONS };
  for (const key of ['groups', 'geofences', 'names', 'plates', 'precision', 'status', 'cluster'] as const) {
    if (typeof record[key] === 'boolean') options[key] = record[key];
  }
  if (typeof record.baseLayer === 'string') options.baseLayer = record.baseLayer;
  return options;
});

export function setMapOption<K extends keyof MapOptions>(key: K, value: MapOptions[K]): void {
  mapOptions.set({ ...mapOptions.get(), [key]: value });
}

export function useMapOptions(): MapOptions {
  return useStore(mapOptions);
}
