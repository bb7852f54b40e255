import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { testDatabaseFor } from './postgres.js';
import { redisPrefix } from './redis.js';

export interface Running {
  child: ChildProcess;
  /** Signals the whole process group, as a terminal's Ctrl-C or a service manager does. */
  signalGroup(signal: NodeJS.Signals): void;
  output: () => string;
  /** Resolves with the first match of `re` in stdout+stderr, or rejects on exit/timeout. */
  waitFor(re: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

// Each child leads a process group of its own (so that a test can signal it as a terminal
// would), which also keeps it out of the signals that end the test process: a test file
// stopped by the runner's timeout or a Ctrl-C would leave its servers and workers running,
// holding ports, data directories and database connections. So the groups still alive are
// killed when this process ends.
const living = new Set<ChildProcess>();
const ENDING_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

function killLiving(): void {
  for (const child of living) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // The group is already gone.
    }
  }
  living.clear();
}

function endOnSignal(signal: NodeJS.Signals): void {
  killLiving();
  for (const s of ENDING_SIGNALS) process.removeListener(s, endOnSignal);
  // Ends as the signal would have, now that nothing is listening for it.
  process.kill(process.pid, signal);
}

let guarded = false;
function guardChildren(): void {
  if (guarded) return;
  guarded = true;
  process.on('exit', killLiving);
  for (const s of ENDING_SIGNALS) process.on(s, endOnSignal);
}

/** Starts a command the way a user would, collecting what it prints. */
export function run(cmd: string, args: string[], env: Record<string, string>, cwd = process.cwd()): Running {
  guardChildren();
  const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  living.add(child);
  child.on('exit', () => living.delete(child));
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (c: Buffer) => {
    out += c.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    signalGroup(signal) {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // The group is already gone.
      }
    },
    output: () => out,
    exited,
    waitFor(re, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = out.match(re);
          if (m) {
            cleanup();
            resolve(m);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`timed out waiting for ${re}; output so far:\n${out}`));
        }, timeoutMs);
        const onExit = () => {
          check();
          cleanup();
          reject(new Error(`process exited before ${re}; output:\n${out}`));
        };
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off('exit', onExit);
        };
        listeners.add(check);
        child.on('exit', onExit);
        check();
      });
    },
  };
}

export interface ServerProcess {
  proc: Running;
  url: string;
  /** JSON request with the bootstrap key. */
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
}

/**
 * The real server as its own process (`node --import tsx src/main.ts`) on a
 * given data directory, as a crash-and-restart test needs it.
 */
export async function startServerProcess(dataDir: string, key: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const database = await testDatabaseFor(dataDir);
  const proc = run(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    PORT: '0',
    HOST: '127.0.0.1',
    TRAWL_DATA_DIR: dataDir,
    ...(database && { DATABASE_URL: database.url }),
    ...(process.env.TRAWL_TEST_REDIS_URL && { REDIS_URL: process.env.TRAWL_TEST_REDIS_URL, TRAWL_REDIS_PREFIX: redisPrefix() }),
    TRAWL_API_KEY: key,
    TRAWL_ALLOW_PRIVATE_NETWORK: 'on',
    ...env,
  }, root);
  const [, url = ''] = await proc.waitFor(/listening on (http:\/\/[\d.]+:\d+)/);
  return {
    proc,
    url,
    async api(method, path, body) {
      const res = await fetch(url + path, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as any };
    },
  };
}

/**
 * One Trawl on one data directory, run as a process, killed, and run again: the
 * shape of every crash-and-restart test. `cleanup` kills what still runs and
 * removes the data directory.
 */
export function restartableServer(dataDir: string, key: string, env: Record<string, string> = {}) {
  const children: Running[] = [];
  return {
    async start(): Promise<ServerProcess> {
      const server = await startServerProcess(dataDir, key, env);
      children.push(server.proc);
      return server;
    },
    async kill9(server: ServerProcess): Promise<void> {
      server.proc.child.kill('SIGKILL');
      await server.proc.exited;
    },
    cleanup(): void {
      for (const c of children) c.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
