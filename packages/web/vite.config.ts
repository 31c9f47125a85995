/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://127.0.0.1:3000';
// Paths the dev server forwards to the API; the built app is served by the API itself.
const apiPaths = [
  '/auth', '/all-assets', '/assets', '/user-details', '/purchase-asset', '/sell-asset',
  '/open-limit-position', '/cancel-limit-position', '/update-watchlist', '/update-user',
  '/reset-user', '/delete-user', '/transactions', '/balance-history', '/leaderboard', '/follow',
  '/uploads', '/market-control', '/health', '/icons/assets',
];

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
  server: {
    proxy: Object.fromEntries([
      ...apiPaths.map((p) => [p, api]),
      ['/live', { target: api.replace('http', 'ws'), ws: true }],
    ]),
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
  },
});
