import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * A full-screen dialog that is a step in the browser's history: opening it pushes an entry (same
 * URL, a flag in the history state), so the phone's Back button or gesture closes it instead of
 * leaving the app, and closing it any other way steps back off that entry. `leaveTo` replaces the
 * dialog's entry with a page, so Back from that page returns to where the dialog was opened.
 */
export function useHistoryDialog(key: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const open = (location.state as Record<string, unknown> | null)?.[key] === true;
  const show = useCallback(() => {
    if (open) return;
    const state = (location.state ?? {}) as Record<string, unknown>;
    void navigate(location, { state: { ...state, [key]: true } });
  }, [open, navigate, location, key]);
  const close = useCallback(() => {
    if (open) void navigate(-1);
  }, [open, navigate]);
  const leaveTo = useCallback((to: string) => void navigate(to, { replace: true }), [navigate]);
  return { open, show, close, leaveTo };
}
