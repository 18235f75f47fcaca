import { NO_FILTERS, type DeviceFilters } from '../ui/deviceFilter.ts';
import { createPersistedStore } from './persistedStore.ts';
import { createStore, useStore } from './store.ts';

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
