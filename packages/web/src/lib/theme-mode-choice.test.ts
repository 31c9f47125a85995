import { describe, expect, it } from 'vitest';
import { flipThemeMode, initialThemeMode, storeThemeMode } from './theme-mode-choice.ts';

const storage = (value: string | null) => ({ getItem: () => value });

describe('theme choice', () => {
  it('is light by default', () => {
    expect(initialThemeMode(storage(null), false)).toBe('light');
  });

  it('is dark when the system prefers dark and nothing is stored', () => {
    expect(initialThemeMode(storage(null), true)).toBe('dark');
  });

  it('uses the stored choice over the system preference', () => {
    expect(initialThemeMode(storage('light'), true)).toBe('light');
    expect(initialThemeMode(storage('dark'), false)).toBe('dark');
  });

  it('ignores a stored value that is not a mode', () => {
    expect(initialThemeMode(storage('purple'), false)).toBe('light');
  });

  it('falls back when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(initialThemeMode(blocked, true)).toBe('dark');
  });

  it('toggling flips the mode and stores it under theme_mode', () => {
    const saved = new Map<string, string>();
    const next = flipThemeMode('light');
    storeThemeMode({ setItem: (k, v) => void saved.set(k, v) }, next);
    expect(next).toBe('dark');
    expect(flipThemeMode('dark')).toBe('light');
    expect(saved.get('theme_mode')).toBe('dark');
  });
});
