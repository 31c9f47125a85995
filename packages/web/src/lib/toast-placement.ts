import type { SnackbarProps } from '@mui/material';
import { useIsMobile } from './breakpoints.ts';

/**
 * Where a page's own toasts (a moved order, a changed order, an alert set) show: on a desktop out
 * of the way of the fill toasts, which are bottom centre (app/shell/fill-toast.tsx), and on a phone
 * where those show too, above the bottom navigation and the asset page's Trade bar, which a toast
 * must not cover (docs/product.md, Toasts).
 */
export function usePageToastPlacement(): Pick<SnackbarProps, 'anchorOrigin' | 'sx'> {
  const isMobile = useIsMobile();
  return isMobile
    ? { anchorOrigin: { vertical: 'bottom', horizontal: 'center' }, sx: { bottom: 136 } }
    : { anchorOrigin: { vertical: 'bottom', horizontal: 'left' }, sx: { bottom: 96 } };
}
