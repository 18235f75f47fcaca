import { createStore, useStore } from './store.ts';

export interface Selection {
  deviceId: number | null;
  /** Set when the map should fly to the device (a pick from a list, not a click on the map itself). */
  focus: boolean;
  /** Changes on every selection, so picking the same device again flies to it again. */
  revision: number;
}

export const selection = createStore<Selection>({ deviceId: null, focus: false, revision: 0 });

export function selectDevice(deviceId: number | null, options: { focus?: boolean } = {}): void {
  selection.set({ deviceId, focus: options.focus ?? false, revision: selection.get().revision + 1 });
}

export function useSelection(): Selection {
  return useStore(selection);
}
