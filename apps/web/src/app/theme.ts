import { createTheme, type PaletteMode, type Theme } from '@mui/material/styles';
import type { Branding } from '../api/theme.ts';

/** The app's theme; the administrator's colours (spec §3 Theme) replace the defaults they set. */
export function createAppTheme(mode: PaletteMode, branding: Branding = {}): Theme {
  const dark = mode === 'dark';
  return createTheme({
    palette: {
      mode,
      primary: dark
        ? branding.darkPrimaryColor ? { main: branding.darkPrimaryColor } : { main: '#7fa8dc', dark: '#4f7bb8', light: '#a9c6ec' }
        : branding.primaryColor ? { main: branding.primaryColor } : { main: '#1d4e89', dark: '#12345d', light: '#4f7bb8' },
      secondary: { main: branding.secondaryColor ?? '#f0a202' },
      background: dark ? { default: '#10151c', paper: '#18202a' } : { default: '#eef1f5' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
    components: {
      MuiButton: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    },
  });
}
