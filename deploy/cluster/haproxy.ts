import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureHaproxy } from '../../scripts/ensure-haproxy.mjs';
import { answersOk, repoRoot, waitFor } from './instance.ts';
import { spawnGroup, type GroupProcess } from './process-group.ts';

export const TEMPLATE = path.join(repoRoot, 'deploy/haproxy.cfg');

export interface Backend {
  name: string;
  host: string;
  port: number;
}

/** deploy/haproxy.cfg with its placeholders filled in. */
export function renderConfig(bind: string, backends: Backend[]): string {
  const servers = backends.map((b) => `    server ${b.name} ${b.host}:${b.port}`).join('\n');
  return readFileSync(TEMPLATE, 'utf8').replace('{{BIND}}', bind).replace('{{SERVERS}}', servers);
}

export interface Balancer {
  url: string;
  port: number;
  process: GroupProcess;
  stop(): Promise<void>;
}

/**
 * HAProxy in the foreground (-db) on 127.0.0.1:port with its config in dir. Resolves once a
 * request through it reaches an instance.
 */
export async function startHaproxy(options: {
  port: number;
  backends: Backend[];
  dir: string;
  onLine?: (line: string) => void;
}): Promise<Balancer> {
  const bin = ensureHaproxy();
  if (!bin) throw new Error('HAProxy is missing: apt-get install -y haproxy');
  const cfg = path.join(options.dir, 'haproxy.cfg');
  writeFileSync(cfg, renderConfig(`127.0.0.1:${options.port}`, options.backends));
  const check = spawnSync(bin, ['-c', '-f', cfg], { encoding: 'utf8' });
  if (check.status !== 0)
    throw new Error(`haproxy refused ${cfg}:\n${check.stdout}${check.stderr}`);

  const proc = spawnGroup(bin, ['-db', '-f', cfg], { onLine: options.onLine });
  const url = `http://127.0.0.1:${options.port}`;
  await waitFor(
    `HAProxy on port ${options.port}`,
    15_000,
    () => answersOk(`${url}/health`),
    () => (proc.isRunning() ? undefined : `haproxy exited:\n${proc.recentOutput()}`),
  );
  return { url, port: options.port, process: proc, stop: () => proc.stop(3_000) };
}
