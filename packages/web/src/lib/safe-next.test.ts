import { describe, expect, it } from 'vitest';
import { safeNextPath, withNext } from './safe-next.ts';

describe('safeNextPath', () => {
  it('keeps a path of this app with its query and hash', () => {
    expect(safeNextPath('/join/SPRING1')).toBe('/join/SPRING1');
    expect(safeNextPath('/asset?pair=btcusd#chart')).toBe('/asset?pair=btcusd#chart');
  });

  it('refuses another site however it is written', () => {
    for (const value of [
      'https://evil.test/join/X',
      '//evil.test/join/X',
      '/\\evil.test',
      '\\\\evil.test',
      '/\t/evil.test',
      'javascript:alert(1)',
      'join/SPRING1',
    ])
      expect(safeNextPath(value), value).toBeNull();
  });

  it('refuses nothing, an overlong value and the auth pages, which would only come back', () => {
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath('')).toBeNull();
    expect(safeNextPath(`/${'a'.repeat(2_001)}`)).toBeNull();
    for (const page of ['/login', '/sign-up/', '/logout', '/reset-password?token=x'])
      expect(safeNextPath(page), page).toBeNull();
  });
});

describe('withNext', () => {
  it('carries a safe path and drops an unsafe one', () => {
    expect(withNext('/sign-up', '/join/SPRING1')).toBe('/sign-up?next=%2Fjoin%2FSPRING1');
    expect(withNext('/login', '//evil.test')).toBe('/login');
    expect(withNext('/login', null)).toBe('/login');
  });
});
