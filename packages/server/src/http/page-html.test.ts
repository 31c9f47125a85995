import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  NO_SESSION_META,
  pageChunks,
  pagePreloads,
  withPreloads,
  withSessionHint,
  type ViteManifest,
} from './page-html.ts';

const INDEX =
  '<html><head><title>x</title><script type="module" src="/a.js"></script></head><body></body></html>';

describe('page preloads', () => {
  it("asks nothing for the landing page or a visitor, the session and /home's first data when signed in", () => {
    expect(pagePreloads('/', true)).toEqual([]);
    expect(pagePreloads('/login', false)).toEqual([]);
    expect(pagePreloads('/home', false)).toEqual([]);
    expect(pagePreloads('/leaderboard', true)).toEqual(['/auth/session']);
    expect(pagePreloads('/home', true)).toEqual([
      '/auth/session',
      '/balance-history?days=7',
      '/all-assets',
    ]);
  });

  it("tells a visitor's page there is no session, and says nothing to a signed-in one", () => {
    expect(withSessionHint(INDEX, false)).toContain(`${NO_SESSION_META}\n  </head>`);
    expect(withSessionHint(INDEX, true)).toBe(INDEX);
  });

  it('puts the links before the first script, escaped', () => {
    const html = withPreloads(INDEX, ['/auth/session', '/x?a=1&b=2']);
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/auth/session" />\n    <link rel="preload" as="fetch" crossorigin href="/x?a=1&amp;b=2" />\n    <script',
    );
    expect(withPreloads(INDEX, [])).toBe(INDEX);
  });

  it('preloads the chunks of a shell page, shared ones once, never the entry, after the entry script', () => {
    const manifest: ViteManifest = {
      'index.html': { file: 'assets/index.js', isEntry: true },
      'src/app/data-layout.tsx': { file: 'assets/data.js', imports: ['index.html', '_shared.js'] },
      'src/app/shell/app-shell.tsx': { file: 'assets/shell.js', imports: ['_shared.js'] },
      'src/features/home/home-page.tsx': {
        file: 'assets/home.js',
        imports: ['_shared.js', '_table.js'],
      },
      '_shared.js': { file: 'assets/shared.js' },
      '_table.js': { file: 'assets/table.js', imports: ['_shared.js'] },
    };
    expect(pageChunks('/home', manifest)).toEqual([
      '/assets/data.js',
      '/assets/shared.js',
      '/assets/shell.js',
      '/assets/home.js',
      '/assets/table.js',
    ]);
    expect(pageChunks('/', manifest)).toEqual([]);
    const html = withPreloads(INDEX, [], ['/assets/data.js']);
    expect(html).toContain(
      'src="/a.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/data.js" />',
    );
  });

  it('preloads a contest page and a join link by their first segment', () => {
    const manifest: ViteManifest = {
      'index.html': { file: 'assets/index.js', isEntry: true },
      'src/app/data-layout.tsx': { file: 'assets/data.js' },
      'src/app/shell/app-shell.tsx': { file: 'assets/shell.js' },
      'src/features/contests/contest-page.tsx': { file: 'assets/contest.js' },
      'src/features/contests/join-page.tsx': { file: 'assets/join.js' },
    };
    expect(pageChunks('/contests/01abc', manifest)).toEqual([
      '/assets/data.js',
      '/assets/shell.js',
      '/assets/contest.js',
    ]);
    expect(pageChunks('/join/01abc', manifest)).toEqual([
      '/assets/data.js',
      '/assets/shell.js',
      '/assets/join.js',
    ]);
  });

  it('every signed-in page the web app warms is preloaded by the server too', () => {
    // The web app's shell pages (router.tsx) and this list are kept in step: a page missing here only loses speed, so a test says so.
    const source = readFileSync(
      new URL('../../../web/src/app/router.tsx', import.meta.url),
      'utf8',
    );
    const shellPages = source.slice(source.indexOf('const shellPages'));
    const block = shellPages.slice(0, shellPages.indexOf('];'));
    // '/contests/:id' is preloaded by its first segment, as the server's prefixes list it.
    const paths = [...block.matchAll(/page\('(\/[^']*)'/g)].map((m) =>
      (m[1] as string).replace(/:[^/]+$/, ''),
    );
    expect(paths.length).toBeGreaterThan(10);
    const manifest: ViteManifest = Object.fromEntries(
      ['src/app/data-layout.tsx', 'src/app/shell/app-shell.tsx'].map((key) => [key, { file: key }]),
    );
    for (const path of paths) {
      const probe = path.endsWith('/') ? `${path}x` : path;
      // With only the layout and shell in the manifest, a page the server knows still answers them.
      expect(pageChunks(probe, manifest), path).toEqual([
        '/src/app/data-layout.tsx',
        '/src/app/shell/app-shell.tsx',
      ]);
    }
  });
});
