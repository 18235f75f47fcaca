import { createPersistedStore } from '../../state/persistedStore.ts';
import { useStore } from '../../state/store.ts';
import { SORT_KEYS, nextSort, type DeviceSort, type SortKey } from './deviceSort.ts';

/** The list's order, kept for the next visit. */
const deviceSort = createPersistedStore<DeviceSort>('rastro.deviceSort', (stored) => {
  const value = stored as Partial<DeviceSort> | undefined;
  return SORT_KEYS.includes(value?.key as SortKey) && (value?.direction === 'asc' || value?.direction === 'desc')
    ? { key: value.key as SortKey, direction: value.direction }
    : { key: 'name', direction: 'asc' };
});

export function sortBy(key: SortKey): void {
  deviceSort.set(nextSort(deviceSort.get(), key));
}

export function useDeviceSort(): DeviceSort {
  return useStore(deviceSort);
}
