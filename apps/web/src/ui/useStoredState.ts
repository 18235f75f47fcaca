import { useCallback, useState } from 'react';

/** A string state mirrored in localStorage under `key`, restored on the next visit. */
export function useStoredState(key: string, initial: string): [string, (value: string) => void] {
  const [value, setValue] = useState(() => {
    try {
      return localStorage.getItem(key) ?? initial;
    } catch {
      return initial;
    }
  });
  const update = useCallback(
    (next: string) => {
      setValue(next);
      try {
        localStorage.setItem(key, next);
      } catch {
        // storage full or blocked: the value still applies for this visit
      }
    },
    [key],
  );
  return [value, update];
}
