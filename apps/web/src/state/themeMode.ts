import type { PaletteMode } from '@mui/material/styles';
import { createPersistedStore } from './persistedStore.ts';
import { useStore } from './store.ts';

/** Light or dark theme, chosen in the user menu and persisted; the first visit follows the system. */
export const themeMode = createPersistedStore<PaletteMode>('rastro.theme', (stored) => {
  if (stored === 'light' || stored === 'dark') return stored;
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
});

export function useThemeMode(): PaletteMode {
  return useStore(themeMode);
}
