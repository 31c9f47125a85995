import { useMediaQuery, type Theme } from '@mui/material';

/** Mobile: 480px wide or narrower (docs/product.md, Constants). The theme's `sm` starts at 481px. */
export function useIsMobile(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
}

/** Tablet or narrower: 768px or less. The theme's `md` starts at 769px. */
export function useIsTabletDown(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
}
