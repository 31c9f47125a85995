import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import {
  flipThemeMode,
  initialThemeMode,
  storeThemeMode,
  systemPrefersDark,
  type ThemeMode,
} from './theme-mode-choice.ts';

interface ThemeModeValue {
  mode: ThemeMode;
  toggle: () => void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function ThemeModeProvider({ children }: { children: (mode: ThemeMode) => ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>(() =>
    initialThemeMode(safeLocalStorage(), systemPrefersDark()),
  );
  const toggle = useCallback(() => {
    setMode((current) => {
      const next = flipThemeMode(current);
      storeThemeMode(safeLocalStorage(), next);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return <ThemeModeContext.Provider value={value}>{children(mode)}</ThemeModeContext.Provider>;
}

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode needs a ThemeModeProvider');
  return value;
}
