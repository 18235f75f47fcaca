import type { AlertColor } from '@mui/material/Alert';
import { createStore, useStore } from './store.ts';

export interface Notice {
  key: number;
  text: string;
  severity: AlertColor;
}

/** The short message at the bottom of the shell; it outlives the page that gave it (a deleted device's). */
const current = createStore<Notice | null>(null);
let next = 0;

export function notify(text: string, severity: AlertColor = 'success'): void {
  current.set({ key: next++, text, severity });
}

export function dismissNotice(): void {
  current.set(null);
}

export function useNotice(): Notice | null {
  return useStore(current);
}
