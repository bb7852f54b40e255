// A Trawl server as its own process, at default settings, for the crawl benchmarks:
// what `npm start` runs, measured from outside like any client would.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const KEY = 'fc-bench0000000000000000000000000000';

export interface BenchServer {
  child: ChildProcess;
  url: string;
  /** CPU seconds (user + system) the server process has used so far, all its threads. */
  cpuSeconds(): number;
  /** The same, of its main thread alone (the event loop: fetch, store, claim). */
  mainThreadCpuSeconds(): number;
  /** Peak resident set of the server process so far (VmHWM), MB. */
  peakRssMb(): number;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-bench-'));
  // The V8 flags of `npm start`, read from package.json so that the bench runs what users run
  // (why each: docs/deploy.md, "Node's flags"); TRAWL_NODE_FLAGS replaces them to measure others.
  const flags = (process.env.TRAWL_NODE_FLAGS ?? startFlags()).split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'src/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      TRAWL_DATA_DIR: dataDir,
      TRAWL_API_KEY: KEY,
      TRAWL_ALLOW_PRIVATE_NETWORK: 'on',
      TRAWL_RATE_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (c: Buffer) => {
      if (out.length < 100_000) out += c.toString();
      const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m) resolve(m[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', () => reject(new Error(`server exited:\n${out}`)));
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const pid = child.pid!;
  return {
    child,
    url,
    cpuSeconds: () => cpuSecondsOf(`/proc/${pid}/stat`),
    mainThreadCpuSeconds: () => cpuSecondsOf(`/proc/${pid}/task/${pid}/stat`),
    peakRssMb() {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The node flags of package.json's `start` script, those before `--import`. */
function startFlags(): string {
  const start = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
  return /^node ((?:--[\w-]+(?:=\S+)? )*)--import /.exec(start)![1]!;
}

function cpuSecondsOf(statFile: string): number {
  const fields = fs.readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Crawls `limit` pages from `start` at default settings; answers the wall seconds it took.
 * `onPoll` hears each status request: their CPU is the server's too (~1 ms of its main thread
 * each at load ~10), and their number grows with the crawl's wall time.
 */
export async function trawlCrawl(api: string, start: string, limit: number, onPoll?: () => void): Promise<number> {
  const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
  const t = performance.now();
  const res = await fetch(`${api}/v2/crawl`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ url: start, limit, sitemap: 'skip', crawlEntireDomain: true, scrapeOptions: { formats: ['markdown'], maxAge: 0 } }),
  });
  const { id, success, error } = (await res.json()) as { id: string; success: boolean; error?: string };
  if (!success) throw new Error(error);
  for (;;) {
    await new Promise((r) => setTimeout(r, 50));
    onPoll?.();
    const s = (await (await fetch(`${api}/v2/crawl/${id}?limit=1`, { headers })).json()) as { status: string; completed: number };
    if (s.status !== 'scraping') {
      if (s.completed !== limit) throw new Error(`crawl ended ${s.status} with ${s.completed} pages`);
      return (performance.now() - t) / 1000;
    }
  }
}

/** Resident MB of `pid` and every process under it, now. */
export function treeRssMb(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // It ended while being read.
    }
  }
  let kb = 0;
  const visit = (p: number) => {
    try {
      kb += Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      return;
    }
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return kb / 1024;
}
