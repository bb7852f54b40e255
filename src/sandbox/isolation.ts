import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/**
 * The operating-system limits the `node` child runs under, where the host allows them
 * (docs/sandbox.md). Both tools are util-linux and exec the command in place, so the child
 * keeps one pid and one process group.
 *
 * - `unshare --user --map-root-user --net`: a network namespace of its own with no
 *   interface up, so the child can reach nothing; the one connection it needs, to the
 *   session's DevTools endpoint, is opened by the parent and handed over as a file
 *   descriptor. Unavailable where unprivileged user namespaces are forbidden (many
 *   container runtimes' default seccomp profiles).
 * - `prlimit`: caps on memory outside V8's heap (Buffers), file size, open files, core dumps.
 */
export interface Isolation {
  /** Absolute path of `unshare`, when it works on this host. */
  unshare?: string;
  /** Absolute path of `prlimit`, when it works on this host. */
  prlimit?: string;
}

/** Data segment (heap, Buffers, mmap'd memory): V8's 256 MB heap plus playwright-core, with room. */
const DATA_LIMIT_BYTES = 1024 * 1024 * 1024;
/** Largest file the code may write into its temporary directory. */
const FILE_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;
const OPEN_FILES_LIMIT = 256;

/** The child's environment is empty, so the tools are run by absolute path. */
function which(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(path.delimiter)) {
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // Not in this directory.
    }
  }
  return undefined;
}

function working(name: string, args: string[]): Promise<string | undefined> {
  const file = which(name);
  if (!file) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    execFile(file, [...args, '--', process.execPath, '--version'], { timeout: 10_000, env: {} }, (err) =>
      resolve(err === null ? file : undefined),
    );
  });
}

let detected: Promise<Isolation> | undefined;

/** Probed once per process: whether a namespace can be made depends on the host, not the request. */
export function detectIsolation(): Promise<Isolation> {
  detected ??= Promise.all([working('unshare', ['--user', '--map-root-user', '--net']), working('prlimit', ['--core=0'])]).then(
    ([unshare, prlimit]) => ({ ...(unshare && { unshare }), ...(prlimit && { prlimit }) }),
  );
  return detected;
}

/** The command line that runs `node args…` under `isolation`. */
export function isolatedCommand(isolation: Isolation, node: string, args: string[]): { command: string; args: string[] } {
  let command = node;
  let argv = args;
  if (isolation.prlimit) {
    argv = [`--data=${DATA_LIMIT_BYTES}`, `--fsize=${FILE_SIZE_LIMIT_BYTES}`, `--nofile=${OPEN_FILES_LIMIT}`, '--core=0', '--', command, ...argv];
    command = isolation.prlimit;
  }
  if (isolation.unshare) {
    argv = ['--user', '--map-root-user', '--net', '--', command, ...argv];
    command = isolation.unshare;
  }
  return { command, args: argv };
}
