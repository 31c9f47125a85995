// A PostgreSQL cluster of our own in a temporary folder, on a free port, for the server tests:
// nothing relies on a service already running. Returns null when PostgreSQL is not installed.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';

import { tmpdir } from 'node:os';
import path from 'node:path';

function findBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(base, v, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

function freePort() {
  // Synchronous callers: ask the kernel for a port through a tiny child process.
  const out = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ]);
  return Number(String(out).trim());
}

export function startThrowawayPostgres() {
  const bin = findBinDir();
  if (!bin) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'papertrade-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const port = freePort();
  // initdb refuses to run as root; Debian's package creates the postgres user for this.
  const asRoot = process.getuid?.() === 0;
  const runAs = (cmd, args) =>
    asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], {
          stdio: 'pipe',
        })
      : spawnSync(path.join(bin, cmd), args, { stdio: 'pipe' });
  const init = runAs('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  if (init.status !== 0) {
    console.log(`initdb failed:\n${init.stderr}`);
    return null;
  }
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=200`;
  const start = runAs('pg_ctl', [
    '-D',
    dataDir,
    '-o',
    opts,
    '-l',
    path.join(dir, 'log'),
    '-w',
    'start',
  ]);
  if (start.status !== 0) {
    console.log(`pg_ctl start failed:\n${start.stderr}`);
    return null;
  }
  console.log(`Started a throwaway PostgreSQL on port ${port} in ${dir}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** The same server over its Unix socket, as an app on the database's own machine connects. */
    socketUrl: `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    stop() {
      runAs('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
