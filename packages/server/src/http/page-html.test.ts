import { describe, expect, it } from 'vitest';
import { pagePreloads, withPreloads } from './page-html.ts';

const INDEX = '<html><head><title>x</title><script type="module" src="/a.js"></script></head><body></body></html>';

describe('page preloads', () => {
  it('asks nothing for the landing page, the session elsewhere, the first data of /home when signed in', () => {
    expect(pagePreloads('/', true)).toEqual([]);
    expect(pagePreloads('/login', false)).toEqual(['/auth/session']);
    expect(pagePreloads('/home', false)).toEqual(['/auth/session']);
    expect(pagePreloads('/home', true)).toEqual(['/auth/session', '/balance-history?days=7', '/all-assets']);
  });

  it('puts the links before the first script, escaped', () => {
    const html = withPreloads(INDEX, ['/auth/session', '/x?a=1&b=2']);
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/auth/session" />\n    <link rel="preload" as="fetch" crossorigin href="/x?a=1&amp;b=2" />\n    <script',
    );
    expect(withPreloads(INDEX, [])).toBe(INDEX);
  });
});
