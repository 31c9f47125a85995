import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from '../lib/theme-mode-choice.ts';
import { BREAKPOINTS } from '../lib/ui-constants.ts';

/**
 * MUI's palette defaults keep text contrast at WCAG AA in both modes; only the page background
 * is tinted. Breakpoints follow docs/product.md, Constants: `sm` starts just above mobile (480), `md` above tablet (768),
 * so `down('sm')` is "mobile" and `down('md')` is "tablet and below".
 */
export function createAppTheme(mode: ThemeMode): Theme {
  return createTheme({
    breakpoints: {
      values: { xs: 0, sm: BREAKPOINTS.mobile + 1, md: BREAKPOINTS.tablet + 1, lg: 1200, xl: 1536 },
    },
    palette: {
      mode,
      // A shade darker than MUI's default blue keeps 4.5:1 on the tinted page background too.
      ...(mode === 'light'
        ? { primary: { main: '#1565c0' }, background: { default: '#f4f6fa', paper: '#ffffff' } }
        : {}),
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      // Prices that stopped updating (components/connection-indicator.tsx) read as old.
      MuiCssBaseline: {
        styleOverrides: { '[data-prices-stale="true"] [data-price]': { opacity: 0.45 } },
      },
      MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
      MuiToggleButton: { styleOverrides: { root: { textTransform: 'none' } } },
    },
  });
}
