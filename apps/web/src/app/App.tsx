import { StrictMode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../api/queries.ts';
import { AppRoutes } from './AppRoutes.tsx';
import { theme } from './theme.ts';
import { useLocaleOverride } from './useLocaleOverride.ts';

const queryClient = createQueryClient();

function LocaleOverride() {
  useLocaleOverride();
  return null;
}

export function App() {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <LocaleOverride />
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ThemeProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
