import { useDeferredValue, type ReactNode } from 'react';

/**
 * Renders `children` one render after the rest of the screen: the first commit leaves them out
 * (showing `fallback`), then a background render, which React may split and interrupt, adds them.
 * MUI compiles and inserts its styles when a component first commits, so this turns the first
 * screen's one long task into shorter ones (Lighthouse's total blocking time). Only for content
 * below or over the rest (appearing a moment later must not move what is already shown).
 */
export function Deferred({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const show = useDeferredValue(true, false);
  return show ? children : fallback;
}
