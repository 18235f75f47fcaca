import { createStore, type Store } from './store.ts';

/**
 * A store mirrored in localStorage under `key` as JSON, restored on the next visit. `parse` checks
 * the stored value and gives the initial one for anything it does not accept.
 */
export function createPersistedStore<T>(key: string, parse: (stored: unknown) => T): Store<T> {
  let stored: unknown;
  try {
    const text = localStorage.getItem(key);
    stored = text === null ? undefined : JSON.parse(text);
  } catch {
    stored = undefined;
  }
  const store = createStore<T>(parse(stored));
  return {
    ...store,
    set(value) {
      store.set(value);
      try {
        localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // storage full or blocked: the value still holds for this visit
      }
    },
  };
}
