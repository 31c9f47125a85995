import { defineConfig } from 'vitest/config';

// One runner for domain, server and web unit tests; browser tests are Playwright (e2e/).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['packages/server/test/migrated-template.ts'],
        },
      },
      'packages/web/vite.config.ts',
      {
        // The rules of `npm test` itself (which steps run, what a missing tool counts as).
        test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' },
      },
    ],
  },
});
