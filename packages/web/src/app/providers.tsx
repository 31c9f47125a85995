import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { PageTitleProvider } from '../lib/page-title.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { ThemeModeProvider } from '../lib/theme-mode.tsx';
import type { ThemeMode } from '../lib/theme-mode-choice.ts';
import { LiveProvider } from './live-provider.tsx';
import { createAppTheme } from './theme.ts';

function Themed({ mode, children }: { mode: ThemeMode; children: ReactNode }) {
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        {(mode) => (
          <Themed mode={mode}>
            <PageTitleProvider>
              <LiveProvider>{children}</LiveProvider>
            </PageTitleProvider>
          </Themed>
        )}
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
