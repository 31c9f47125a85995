/// <reference types="vitest/config" />
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type BuildEnvironmentOptions, type Plugin, type ProxyOptions } from 'vite';
import { firstScreenChunks } from './build/first-screen-chunks.ts';

const api = 'http://127.0.0.1:3000';
// Paths the dev server forwards to the API; the built app is served by the API itself.
const apiPaths = [
  '/auth',
  '/all-assets',
  '/assets',
  '/user-details',
  '/purchase-asset',
  '/sell-asset',
  '/open-limit-position',
  '/cancel-limit-position',
  '/update-watchlist',
  '/alerts',
  '/update-user',
  '/reset-user',
  '/delete-user',
  '/transactions',
  '/balance-history',
  '/leaderboard',
  '/follow',
  '/users/',
  '/explore/',
  '/uploads',
  '/market-control',
  '/health',
  '/icons/assets',
];

/**
 * The domain package is pure (no I/O, no globals touched at import), but its barrel re-exports the
 * zod schemas, whose top-level construction Rollup cannot prove side-effect free. Saying so lets a
 * chunk that only needs a constant or a formatter leave zod out (the landing page needs neither).
 */
const domainIsPure: Plugin = {
  name: 'papertrade-domain-is-pure',
  enforce: 'post',
  transform(code, id) {
    if (!id.includes('/packages/domain/src/')) return null;
    return { code, map: null, moduleSideEffects: false };
  },
};

/**
 * @emotion/react imports hoist-non-react-statics (and its old react-is) for `withTheme` only, which
 * nothing here uses; being CommonJS without a `sideEffects` flag, Rollup keeps it in the entry.
 * It is a pure function library, so saying so drops ~1.5 KB gzipped from every page.
 */
const hoistStaticsIsPure: Plugin = {
  name: 'papertrade-hoist-statics-is-pure',
  apply: 'build',
  enforce: 'post',
  transform(code, id) {
    if (!id.includes('/node_modules/hoist-non-react-statics/')) return null;
    return { code, map: null, moduleSideEffects: false };
  },
};

/**
 * Writes `.br` and `.gz` beside every built script and stylesheet, which the server sends as they
 * are (@fastify/static preCompressed). Compressing the ~55 files of a first /home load on every
 * request was a good part of the server's time serving them, and the files are then smaller too
 * (brotli at its best quality, which is too slow to run per request).
 */
const precompress: Plugin = {
  name: 'papertrade-precompress',
  apply: 'build',
  writeBundle(options, bundle) {
    for (const file of Object.keys(bundle)) {
      if (!/\.(js|css)$/.test(file) || !options.dir) continue;
      const full = path.join(options.dir, file);
      const data = readFileSync(full);
      writeFileSync(
        `${full}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
    }
  },
};

const buildOptions: BuildEnvironmentOptions = {
  outDir: 'dist',
  sourcemap: false,
  chunkSizeWarningLimit: 600,
  // The server reads the chunk graph from the manifest to preload a page's chunks.
  manifest: true,
  // The polyfill only helps browsers without <link rel=modulepreload> (Safari < 17) preload
  // chunks sooner; it would cost every visitor ~0.4 KB in the landing page's budget.
  modulePreload: { polyfill: false },
  rollupOptions: {
    // Left alone, Rollup splits the shared MUI pieces into dozens of 1-2 KB chunks: /home needed
    // 57 files (318 KB gzipped) before its first screen. Merging the small ones (Rollup only
    // does so where no code runs that would not have run anyway) made it 38. These are the
    // chunks first-screen-chunks.ts starts from: it keeps them for the other pages.
    output: { experimentalMinChunkSize: 20_000 },
  },
};

/** The plugins that shape the code, fresh for each build (the plain one below has its own). */
const codePlugins = () => [react(), domainIsPure, hoistStaticsIsPure];

export default defineConfig({
  plugins: [
    ...codePlugins(),
    precompress,
    firstScreenChunks({
      root: import.meta.dirname,
      // The route modules /home renders first (route-chunks.ts: data layout, shell, page).
      firstScreen: [
        'src/app/data-layout.tsx',
        'src/app/shell/app-shell.tsx',
        'src/features/home/home-page.tsx',
      ],
      landing: 'src/features/landing/landing-page.tsx',
      plainBuild: () => ({
        root: import.meta.dirname,
        plugins: codePlugins(),
        build: buildOptions,
      }),
    }),
  ],
  build: buildOptions,
  server: {
    proxy: Object.fromEntries<string | ProxyOptions>([
      ...apiPaths.map((p): [string, string] => [p, api]),
      ['/live', { target: api.replace('http', 'ws'), ws: true }],
    ]),
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // The trade panel's tests type into several fields of a full form in jsdom: 1-3.5 s each on a
    // quiet machine, past vitest's 5 s default when the two cores also run the server's tests.
    testTimeout: 20_000,
  },
});
