import { THEME_STORAGE_KEY } from './ui-constants.ts';
/** The theme rules of docs/product.md, Theme: light by default, the stored choice first, else the system's. */

export type ThemeMode = 'light' | 'dark';

type Readable = Pick<Storage, 'getItem'>;
type Writable = Pick<Storage, 'setItem'>;

export function storedThemeMode(storage: Readable | undefined): ThemeMode | null {
  try {
    const value = storage?.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    // Storage can be blocked (privacy settings); the default applies then.
    return null;
  }
}

export function initialThemeMode(
  storage: Readable | undefined,
  systemPrefersDark: boolean,
): ThemeMode {
  return storedThemeMode(storage) ?? (systemPrefersDark ? 'dark' : 'light');
}

export function flipThemeMode(mode: ThemeMode): ThemeMode {
  return mode === 'dark' ? 'light' : 'dark';
}

export function storeThemeMode(storage: Writable | undefined, mode: ThemeMode): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Not stored: the choice still holds for this visit.
  }
}

export function systemPrefersDark(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-color-scheme: dark)').matches
  );
}
