/**
 * The header's page title. Routes give a default (router handle `title`); a page may override
 * it with usePageTitle, e.g. with the asset's name. The header falls back to 'Home' (docs/pages.md, Routes).
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

export const DEFAULT_PAGE_TITLE = 'Home';

/** The router handle of a page: its default header title. */
export interface RouteHandle {
  title: string;
}

const TitleContext = createContext<{ title: string | null; setTitle: (t: string | null) => void }>({
  title: null,
  setTitle: () => undefined,
});

export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState<string | null>(null);
  return <TitleContext.Provider value={{ title, setTitle }}>{children}</TitleContext.Provider>;
}

/** The title a page set, or null. */
export function usePageTitleOverride(): string | null {
  return useContext(TitleContext).title;
}

export function usePageTitle(title: string | null | undefined): void {
  const { setTitle } = useContext(TitleContext);
  useEffect(() => {
    if (!title) return;
    setTitle(title);
    return () => setTitle(null);
  }, [title, setTitle]);
}

/** Keeps the browser tab's title in step with the header. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · PaperTrade`;
  }, [title]);
}
