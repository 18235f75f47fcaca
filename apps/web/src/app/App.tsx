import { StrictMode, useMemo } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../api/queries.ts';
import { themeQuery } from '../api/theme.ts';
import { AppRoutes } from './AppRoutes.tsx';
import { createAppTheme } from './theme.ts';
import { useThemeMode } from './themeMode.ts';
import { useLocaleOverride } from './useLocaleOverride.ts';

const queryClient = createQueryClient();

function LocaleOverride() {
  useLocaleOverride();
  return null;
}

export function App() {
  const mode = useThemeMode();
  // read through the client itself: this component sits above the provider
  const branding = useQuery(themeQuery, queryClient).data;
  const theme = useMemo(() => createAppTheme(mode, branding), [mode, branding]);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <LocaleOverride />
          {/*
            Live updates reach React as urgent store updates several times a second; a navigation
            rendered as a transition restarts after each of them and waits seconds, so navigations
            render at once instead.
          */}
          <BrowserRouter useTransitions={false}>
            <AppRoutes />
          </BrowserRouter>
        </ThemeProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
