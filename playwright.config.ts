import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The real built app served by the real server, over a throwaway data dir, with market control on
// so tests can move prices. Debian's Chromium only: Playwright never downloads a browser here.
// E2E_PORT moves it off 3100 when a dev server already listens there.
const port = Number(process.env.E2E_PORT ?? 3100);
// The runner evaluates this file first and its workers inherit E2E_DATA_DIR, so all of them
// (and support/outbox.ts) see the one dir the server writes. A dir made here goes when the runner
// exits; pass E2E_DATA_DIR to keep it for a look at the database or the outbox.
const ownDataDir = !process.env.E2E_DATA_DIR;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'papertrade-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
if (ownDataDir) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Two cores: one browser per core; every test makes its own user, so any order works.
  workers: 2,
  retries: 0,
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/results.json' },
    ],
  ],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node --import tsx packages/server/src/main.ts',
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      MARKET_CONTROL: '1',
      MARKET_TICK_MS: '1000',
      MARKET_HISTORY_DAYS: '3',
      // Orders fill at one price unless a test chooses the book through the fill_model setting:
      // the specs set prices by market control, whose jumps thin every book for two minutes
      // (docs/decisions/039-book-fills-without-a-lock.md).
      FILL_MODEL: 'IDEAL',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      // Every test signs a fresh user up from 127.0.0.1: past the per-IP sign-up limit in one run.
      SIGNUP_LIMIT_PER_IP: '100000',
    },
  },
});
