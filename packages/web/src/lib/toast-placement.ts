import type { SnackbarProps } from '@mui/material';
import { useIsMobile } from './breakpoints.ts';

/**
 * Where a page's own toasts (a moved order, a changed order, an alert set) show: out of the fill
 * toast's way, which is bottom centre on a desktop and at the top on a phone (app/shell/fill-toast.tsx),
 * and on a phone above the bottom navigation and the asset page's Trade bar, which a toast must not
 * cover (docs/product.md, Toasts).
 */
export function usePageToastPlacement(): Pick<SnackbarProps, 'anchorOrigin' | 'sx'> {
  const isMobile = useIsMobile();
  return isMobile
    ? { anchorOrigin: { vertical: 'bottom', horizontal: 'center' }, sx: { bottom: 136 } }
    : { anchorOrigin: { vertical: 'bottom', horizontal: 'left' }, sx: { bottom: 96 } };
}
