import { StrictMode, useMemo } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, noop, useQuery } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../api/queries.ts';
import { themeQuery } from '../api/theme.ts';
import { AppRoutes } from './AppRoutes.tsx';
import { DocumentTitle } from './DocumentTitle.tsx';
import { startAuthentication } from '../access/authenticate.ts';
import { decideNavigation } from '../access/guard.ts';
import { sessionUser } from '../state/session.ts';
import { preloadShell } from './shellPages.ts';
import { createAppTheme } from './theme.ts';
import { useThemeMode } from '../state/themeMode.ts';
import { useLocaleOverride } from './useLocaleOverride.ts';

const queryClient = createQueryClient();

/**
 * What the first page will need, started before the first render (which waits for the language
 * catalog): the guard's session check with the fleet's lists, and the map's code.
 */
export function startLoading(): void {
  const decision = decideNavigation(window.location.pathname, sessionUser.get() !== null);
  if (decision.action !== 'authenticate') return;
  // the code is asked for first, then the session and (see authenticate) the fleet's lists
  const code = decision.loadDevices ? preloadShell(window.location.pathname) : undefined;
  // the branding recolours the map's layers: better known before the map draws than after
  void queryClient.query(themeQuery).catch(noop);
  startAuthentication(queryClient, decision.loadDevices, code);
}

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
          <DocumentTitle />
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
