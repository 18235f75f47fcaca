import type { DeviceStatus } from '@rastro/api';
import { createPersistedStore } from './persistedStore.ts';
import { createStore, useStore } from './store.ts';

/** Spec §4 map filters, shared by the devices list and the map. */
export interface DeviceFilters {
  status: 'all' | DeviceStatus;
  motionOnly: boolean;
  /** Only devices whose latest position has the ignition on. */
  ignitionOnly: boolean;
  /** Only devices whose latest position carries an alarm. */
  alarmOnly: boolean;
  /** Categories whose devices are hidden. */
  hiddenCategories: readonly string[];
  /** When set, only this device shows. */
  onlyDeviceId: number | null;
}

export const NO_FILTERS: DeviceFilters = { status: 'all', motionOnly: false, ignitionOnly: false, alarmOnly: false, hiddenCategories: [], onlyDeviceId: null };

/** Spec §4 filters, set in the devices list and applied to the list and the map alike. */
export const deviceFilters = createStore<DeviceFilters>(NO_FILTERS);

export function updateDeviceFilters(change: Partial<DeviceFilters>): void {
  deviceFilters.set({ ...deviceFilters.get(), ...change });
}

export function useDeviceFilters(): DeviceFilters {
  return useStore(deviceFilters);
}

/** The text query, kept in local storage (spec §4). */
export const deviceQuery = createPersistedStore('rastro.deviceQuery', (stored) => (typeof stored === 'string' ? stored : ''));

export function useDeviceQuery(): string {
  return useStore(deviceQuery);
}
