// The cluster test and `npm run start:cluster` put Debian's HAProxy in front of the instances.
// Installs it when we can (root with apt-get), otherwise says exactly what is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = [
  process.env.HAPROXY_PATH,
  '/usr/sbin/haproxy',
  '/usr/bin/haproxy',
  '/usr/local/sbin/haproxy',
];

export function findHaproxy() {
  return CANDIDATES.find((p) => p && existsSync(p)) ?? null;
}

/** The haproxy binary's path, or null after printing how to install it. */
export function ensureHaproxy() {
  const found = findHaproxy();
  if (found) return found;
  console.log("\nHAProxy is missing; the cluster needs Debian's haproxy package.");
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Installing it: apt-get update && apt-get install -y haproxy');
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', 'haproxy'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = findHaproxy();
    if (installed) return installed;
  }
  console.log('apt-get install -y haproxy');
  return null;
}
