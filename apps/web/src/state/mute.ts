import { createPersistedStore } from './persistedStore.ts';
import { useStore } from './store.ts';

/** Whether notification sounds are muted; persisted across visits. */
export const notificationsMuted = createPersistedStore('rastro.muted', (stored) => stored === true);

export function setNotificationsMuted(muted: boolean): void {
  notificationsMuted.set(muted);
}

export function useNotificationsMuted(): boolean {
  return useStore(notificationsMuted);
}
