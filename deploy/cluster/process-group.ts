import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * A child in a process group of its own, so that stopping it also stops whatever it started
 * (tsx, a shell), and a crash of ours cannot leave it running: every group still alive when
 * this process exits gets SIGKILL.
 */
export interface GroupProcess {
  child: ChildProcess;
  pid: number;
  /** Resolves with the exit code (null after a signal) once the child is gone. */
  exited: Promise<number | null>;
  isRunning(): boolean;
  signal(sig: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL if the child is still there after graceMs. */
  stop(graceMs?: number): Promise<void>;
  /** The last lines of output, for error messages. */
  recentOutput(): string;
}

const alive = new Set<number>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const pid of alive) killGroup(pid, 'SIGKILL');
  });
}

function killGroup(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(-pid, sig);
  } catch {
    // Already gone.
  }
}

export function spawnGroup(
  command: string,
  args: string[],
  options: SpawnOptions & { onLine?: (line: string) => void } = {},
): GroupProcess {
  installExitHook();
  const { onLine, ...spawnOptions } = options;
  const child = spawn(command, args, {
    ...spawnOptions,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  const pid = child.pid;
  alive.add(pid);
  let running = true;
  const recent: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      recent.push(line);
      if (recent.length > 40) recent.shift();
      onLine?.(line);
    });
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      running = false;
      // The group may outlive its leader (tsx starts node as a child): take it down too.
      killGroup(pid, 'SIGKILL');
      alive.delete(pid);
      resolve(code);
    });
  });

  return {
    child,
    pid,
    exited,
    isRunning: () => running,
    signal: (sig) => killGroup(pid, sig),
    async stop(graceMs = 10_000) {
      if (!running) return;
      killGroup(pid, 'SIGTERM');
      const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
    recentOutput: () => recent.join('\n'),
  };
}
