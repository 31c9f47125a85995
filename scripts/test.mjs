#!/usr/bin/env node
// `npm test`: every test of the product, in order: domain + server (SQLite) + web with Vitest,
// the server tests again on PostgreSQL, several instances behind HAProxy, then the browser tests
// against the built app.
// Anything missing (PostgreSQL, HAProxy, Chromium) is named with the command that installs it,
// and fails the run: a step is skipped only when the arguments leave it out (test-steps.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startThrowawayPostgres } from './throwaway-postgres.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureHaproxy } from './ensure-haproxy.mjs';
import { missingTool, selectSteps } from './test-steps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let selected;
try {
  selected = selectSteps(process.argv.slice(2)); // e.g. `npm test -- unit pg e2e`
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
}
const wants = (step) => selected.includes(step);
const results = [];
const reportDir = mkdtempSync(path.join(tmpdir(), 'papertrade-reports-'));

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===\n$ ${command} ${args.join(' ')}`);
  const res = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return res.status === 0;
}

function vitest(label, projectArgs, env) {
  const out = path.join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  const ok = run(
    label,
    'npx',
    [
      'vitest',
      'run',
      ...projectArgs,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${out}`,
    ],
    env,
  );
  let passed = 0;
  let failed = ok ? 0 : 1;
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests + (ok ? 0 : report.numFailedTests === 0 ? 1 : 0);
  }
  results.push({ label, passed, failed });
}

if (wants('unit')) vitest('unit: domain, server on SQLite, web', []);

if (wants('pg')) {
  let pg = null;
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    pg = startThrowawayPostgres();
    url = pg?.url;
  }
  if (url) {
    vitest('server on PostgreSQL', ['--project', 'server'], { TEST_DATABASE_URL: url });
    pg?.stop();
  } else {
    const result = missingTool(
      'server on PostgreSQL (no PostgreSQL)',
      'PostgreSQL not found, so the server tests did not run on PostgreSQL. Install it with: apt-get install -y postgresql',
      'pg',
    );
    console.log(`\n${result.note}`);
    results.push(result);
  }
}

function postgresInstalled() {
  const base = '/usr/lib/postgresql';
  return (
    existsSync(base) &&
    readdirSync(base).some((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
  );
}

// Several instances on one PostgreSQL behind HAProxy (deploy/test): sessions, /live, login limits
// and market failover across instances.
if (wants('cluster')) {
  if (!postgresInstalled()) {
    const result = missingTool(
      'cluster (no PostgreSQL)',
      'PostgreSQL not found, so the cluster test did not run. Install it with: apt-get install -y postgresql',
      'cluster',
    );
    console.log(`\n${result.note}`);
    results.push(result);
  } else if (!ensureHaproxy()) {
    const result = missingTool(
      'cluster (no HAProxy)',
      'HAProxy not found, so the cluster test did not run. Install it with: apt-get install -y haproxy',
      'cluster',
    );
    console.log(`\n${result.note}`);
    results.push(result);
  } else {
    vitest('cluster: 3 instances behind HAProxy', ['--config', 'deploy/vitest.config.ts']);
  }
}

if (wants('e2e')) {
  if (ensureChromium()) {
    const ok = run('browser tests: build', 'npm', ['run', 'build']);
    const out = path.join(reportDir, 'playwright.json');
    const passedOk =
      ok &&
      run('browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      });
    let passed = 0;
    let failed = passedOk ? 0 : 1;
    if (existsSync(out)) {
      const stats = JSON.parse(readFileSync(out, 'utf8')).stats ?? {};
      passed = stats.expected ?? 0;
      failed = (stats.unexpected ?? 0) + (passedOk ? 0 : stats.unexpected ? 0 : 1);
    }
    results.push({ label: 'browser tests', passed, failed });
  } else {
    results.push(
      missingTool(
        'browser tests (no Chromium)',
        'Chromium not found. Install it with: apt-get install -y chromium',
        'e2e',
      ),
    );
  }
}

rmSync(reportDir, { recursive: true, force: true });
console.log('\n=== summary ===');
for (const r of results)
  console.log(`${r.label}: ${r.passed} passed, ${r.failed} failed${r.note ? ` (${r.note})` : ''}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
