import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/system';
import { useMemo, type ReactNode } from 'react';
import { ThemeModeProvider } from '../lib/theme-mode.tsx';
import type { ThemeMode } from '../lib/theme-mode-choice.ts';
import { createAppTheme } from './theme.ts';

/**
 * @mui/system's ThemeProvider is what @mui/material's renders for a theme without CSS variables
 * (ours: createTheme without `cssVariables`/`colorSchemes`); importing it directly keeps the unused
 * CSS-variables provider (~3 KB gzipped) out of the entry chunk the landing page pays for.
 */
function Themed({ mode, children }: { mode: ThemeMode; children: ReactNode }) {
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

/**
 * The providers of every page, the landing page included: only the theme. Server state, the live
 * socket and the header title live in the lazily loaded data layout (data-layout.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <ThemeModeProvider>{(mode) => <Themed mode={mode}>{children}</Themed>}</ThemeModeProvider>;
}
