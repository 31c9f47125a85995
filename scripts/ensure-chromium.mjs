// The browser tests use Debian's Chromium (never a downloaded browser). Installs it when we can
// (root with apt-get), otherwise says exactly what is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  console.log(
    `\nChromium is missing at ${CHROMIUM}; the browser tests need Debian's chromium package.`,
  );
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Installing it: apt-get update && apt-get install -y chromium');
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(CHROMIUM)) return true;
  }
  console.log('Install it with: sudo apt-get update && sudo apt-get install -y chromium');
  return false;
}
