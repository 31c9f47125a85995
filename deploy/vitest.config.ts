import { defineConfig } from 'vitest/config';

// The multi-instance test only (npm test's "cluster" step): the root config's projects list their
// own folders, so `npx vitest run` never starts a cluster.
export default defineConfig({
  test: {
    name: 'cluster',
    // Paths from the repository root: npm test runs `vitest run --config deploy/vitest.config.ts` there.
    include: ['deploy/test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 150_000,
    // One cluster at a time on a two-core machine.
    fileParallelism: false,
  },
});
