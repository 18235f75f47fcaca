import { createStore, useStore } from './store.ts';

const KEY = 'rastro.muted';

function readMuted(): boolean {
  try {
    return localStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

/** Whether notification sounds are muted; persisted across visits. */
export const notificationsMuted = createStore<boolean>(readMuted());

export function setNotificationsMuted(muted: boolean): void {
  notificationsMuted.set(muted);
  try {
    localStorage.setItem(KEY, String(muted));
  } catch {
    // storage blocked: the choice still holds for this visit
  }
}

export function useNotificationsMuted(): boolean {
  return useStore(notificationsMuted);
}
