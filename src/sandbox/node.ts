import { spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { fileURLToPath } from 'node:url';
import { detectIsolation, isolatedCommand, type Isolation } from './isolation.js';
import { KILLED_EXIT_CODE, OUTPUT_CAP_CHARS, STREAM_CAP_BYTES } from './limits.js';
import type { ExecuteRequest, ExecuteResult, SessionHandle } from './types.js';

/** The child's V8 heap: a runaway allocation fails there instead of starving the host. */
const HEAP_LIMIT_MB = 256;

const RUNNER = realpathSync(fileURLToPath(new URL('./child/runner.cjs', import.meta.url)));
const PLAYWRIGHT_ENTRY = realpathSync(createRequire(import.meta.url).resolve('playwright-core'));

/** Node 20–22.12 call it `--experimental-permission`; later versions `--permission`. */
function permissionFlags(workDir: string): string[] {
  const flags = process.allowedNodeEnvironmentFlags;
  return [
    flags.has('--permission') ? '--permission' : '--experimental-permission',
    `--allow-fs-read=${path.dirname(RUNNER)}`,
    `--allow-fs-read=${path.dirname(PLAYWRIGHT_ENTRY)}`,
    `--allow-fs-read=${workDir}`,
    `--allow-fs-write=${workDir}`,
    // Versions whose permission model also covers the network deny it without this flag;
    // the child's guard still limits it to the session's CDP endpoint.
    ...(flags.has('--allow-net') ? ['--allow-net'] : []),
  ];
}

/** Chromium's DevTools socket listens on an IP; `localhost` would need DNS, which the child has not. */
function childEndpoint(cdpEndpoint: string): URL {
  const url = new URL(cdpEndpoint);
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  return url;
}

/** The child's inherited connection to the endpoint, in the child's stdio at this index. */
const BRIDGE_FD = 4;
const BRIDGE_CONNECT_MS = 10_000;

/**
 * Opens the TCP connection the child, in a namespace with no network, will speak
 * WebSocket over. Paused from the start: the child reads it, never this process.
 */
function openBridge(endpoint: URL): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: endpoint.hostname.replace(/^\[|\]$/g, ''), port: Number(endpoint.port || 80) });
    socket.pause();
    socket.setTimeout(BRIDGE_CONNECT_MS, () => socket.destroy(new Error('timed out connecting to the browser session')));
    socket.once('connect', () => {
      socket.setTimeout(0);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** The CDP id of the session's current page, so the child acts on the same tab. */
async function currentTargetId(session: SessionHandle): Promise<string> {
  const page = await session.page();
  const cdp = await page.context().newCDPSession(page);
  try {
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    return targetInfo.targetId;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

interface Capture {
  text(): string;
  readonly truncated: boolean;
}

/** Keeps the first `cap` bytes and drains the rest, so a chatty child never blocks on a full pipe. */
function capture(stream: Readable, cap: number): Capture {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  stream.on('data', (chunk: Buffer) => {
    if (size >= cap) {
      truncated = true;
      return;
    }
    const room = cap - size;
    if (chunk.length > room) truncated = true;
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    chunks.push(kept);
    size += kept.length;
  });
  return {
    // write() without end(): a character cut in half at the cap is dropped, not mangled.
    text: () => new StringDecoder('utf8').write(Buffer.concat(chunks)),
    get truncated() {
      return truncated;
    },
  };
}

interface ChildReport {
  ok: boolean;
  output?: string;
  truncated?: boolean;
  warning?: string;
  error?: string;
}

function parseReport(text: string): ChildReport | undefined {
  const line = text.split('\n').find((l) => l.trim() !== '');
  if (!line) return undefined;
  try {
    const value = JSON.parse(line) as unknown;
    return typeof value === 'object' && value !== null && typeof (value as ChildReport).ok === 'boolean'
      ? (value as ChildReport)
      : undefined;
  } catch {
    return undefined;
  }
}

function joinLines(...parts: string[]): string {
  return parts.filter((p) => p !== '').map((p) => (p.endsWith('\n') ? p : `${p}\n`)).join('');
}

/**
 * `node`: the caller's code as the body of an async function, with Playwright's `page`,
 * `context` and `browser` connected to the session over CDP, in a separate Node process
 * under the permission model, with an empty environment, its own temporary directory and
 * only the CDP endpoint reachable (src/sandbox/child, docs/sandbox.md).
 */
export async function runNode(
  session: SessionHandle,
  request: ExecuteRequest,
  /** Default: what this host allows. `{}` runs on the permission model and the guard alone. */
  isolation?: Isolation,
): Promise<ExecuteResult> {
  const targetId = await currentTargetId(session);
  isolation ??= await detectIsolation();
  const endpoint = childEndpoint(session.cdpEndpoint);
  const workDir = realpathSync(await mkdtemp(path.join(tmpdir(), 'trawl-sandbox-')));
  let bridge: net.Socket | undefined;
  try {
    if (isolation.unshare) bridge = await openBridge(endpoint);
    const { command, args } = isolatedCommand(isolation, process.execPath, [
      ...permissionFlags(workDir),
      `--max-old-space-size=${HEAP_LIMIT_MB}`,
      // The permission model's warning would otherwise open every stderr.
      ...(process.allowedNodeEnvironmentFlags.has('--disable-warning') ? ['--disable-warning=ExperimentalWarning'] : []),
      RUNNER,
      endpoint.href,
      bridge ? String(BRIDGE_FD) : '',
      targetId,
      PLAYWRIGHT_ENTRY,
      String(OUTPUT_CAP_CHARS),
    ]);
    const child = spawn(command, args, {
      cwd: workDir,
      // Nothing of Trawl's environment (keys, database URLs) crosses over; playwright-core
      // writes its temporary files under TMPDIR, the one writable place.
      env: { TMPDIR: workDir, HOME: workDir },
      stdio: ['pipe', 'pipe', 'pipe', 'pipe', bridge ?? 'ignore'],
      // Its own process group, so the kill at the deadline takes everything it started.
      detached: true,
    });
    // The child holds its own copy of the connection; closing this one sends nothing.
    bridge?.destroy();
    const stdout = capture(child.stdout!, STREAM_CAP_BYTES);
    const stderr = capture(child.stderr!, STREAM_CAP_BYTES);
    const report = capture(child.stdio[3] as Readable, 6 * OUTPUT_CAP_CHARS + 65_536);
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(request.code);

    let killed = false;
    const killGroup = (): void => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      killed = true;
      killGroup();
    }, request.timeoutMs);
    const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; spawnError?: Error }>((resolve) => {
      child.once('error', (spawnError) => resolve({ code: null, signal: null, spawnError }));
      child.once('close', (code, signal) => resolve({ code, signal }));
    });
    clearTimeout(timer);
    killGroup();
    if (exit.spawnError) throw exit.spawnError;

    const parsed = parseReport(report.text());
    const out = stdout.text();
    let err = stderr.text();
    let error: string | null = null;
    let exitCode: number;
    if (killed) {
      exitCode = KILLED_EXIT_CODE;
      error = `the code was stopped after ${request.timeoutMs} ms (time limit)`;
      err = joinLines(err, error);
    } else if (parsed?.ok) {
      exitCode = exit.code ?? 1;
      if (parsed.warning) err = joinLines(err, parsed.warning);
    } else {
      exitCode = exit.code || 1;
      error = parsed?.error ?? `the sandbox process ended without a result (${exit.signal ?? `exit code ${exit.code}`})`;
      err = joinLines(err, error);
    }
    const output = parsed?.ok ? (parsed.output ?? '') : '';
    return {
      output,
      stdout: out,
      result: out,
      stderr: err,
      exitCode,
      killed,
      truncated: stdout.truncated || stderr.truncated || report.truncated || parsed?.truncated === true,
      error,
    };
  } finally {
    bridge?.destroy();
    await rm(workDir, { recursive: true, force: true });
  }
}
