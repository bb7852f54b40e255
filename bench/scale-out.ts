// Scale-out on PostgreSQL + Redis: claims and completions per second of no-op tasks with
// 1, 2 and 4 worker processes sharing one database and one Redis, all in one run, each
// process running as many tasks at once as `trawl worker` does by default (the default
// plan's concurrency). Target: 4 processes ≥ 1.6× one process.
// Needs TRAWL_TEST_DATABASE_URL (a server where databases may be created) and
// TRAWL_TEST_REDIS_URL; skipped without them. --quick: fewer tasks.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config/load.js';
import { createPostgresStore } from '../src/store/postgres/index.js';
import { freshDatabase } from '../test/helpers/postgres.js';
import { atLeast, quick, skipped } from './lib/targets.js';

const pgUrl = process.env.TRAWL_TEST_DATABASE_URL;
const redisUrl = process.env.TRAWL_TEST_REDIS_URL;
const TASKS = quick ? 4000 : 12000;
/** Tasks each process runs before the clock starts: what a long-running cluster has long paid (JIT, each connection's plans). */
const WARM_UP = 500;
const worker = fileURLToPath(new URL('./lib/claim-worker.ts', import.meta.url));

/** CPU seconds (user + system) a process has used; null when /proc cannot tell (another machine, another OS). */
function cpuSeconds(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
function cpuOf(pids: number[]): number | null {
  let sum = 0;
  for (const pid of pids) {
    const s = cpuSeconds(pid);
    if (s === null) return null;
    sum += s;
  }
  return sum;
}

interface Figures {
  rate: number;
  /** CPU milliseconds a task: the worker processes', and PostgreSQL's backends serving this database (null when not on this machine). */
  workerMs: number | null;
  pgMs: number | null;
  /** Tasks a claim took, on average. */
  perClaim: number;
}

async function run(processes: number): Promise<Figures> {
  const db = await freshDatabase(pgUrl!);
  const store = await createPostgresStore(db.url);
  const prefix = `trawl-bench-${randomBytes(4).toString('hex')}`;
  const children: ChildProcess[] = [];
  try {
    for (let i = 0; i < processes; i++) {
      const child = spawn(process.execPath, ['--import', 'tsx', worker, db.url, redisUrl!, prefix], { stdio: ['ignore', 'pipe', 'inherit'] });
      children.push(child);
      await new Promise<void>((resolve, reject) => {
        child.stdout!.once('data', () => resolve());
        child.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
      });
    }
    const flip = await import('pg');
    const client = new flip.default.Client({ connectionString: db.url });
    await client.connect();
    const settled = async () => {
      for (;;) {
        const { rows } = await client.query<{ left: boolean }>(`SELECT EXISTS (SELECT 1 FROM tasks WHERE state IN ('queued', 'active')) AS left`);
        if (!rows[0]!.left) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    // Spread over 4 teams as a busy cluster holds them.
    const teams = ['a', 'b', 'c', 'd'];
    await store.tasks.enqueue(Array.from({ length: WARM_UP * processes }, (_, i) => ({ kind: 'bench', teamId: teams[i % teams.length]!, payload: null })));
    await settled();
    for (const team of teams) {
      await store.tasks.enqueue(
        Array.from({ length: TASKS / teams.length }, () => ({ kind: 'paused', teamId: team, payload: null })),
      );
    }
    // Each worker answers SIGUSR1 with the claims and tasks it took since last asked.
    const taken = { claims: 0, tasks: 0 };
    const ask = () =>
      Promise.all(
        children.map(
          (c) =>
            new Promise<void>((resolve) => {
              c.stdout!.once('data', (chunk: Buffer) => {
                const [, claims, tasks] = /taken (\d+) (\d+)/.exec(chunk.toString()) ?? [];
                taken.claims += Number(claims ?? 0);
                taken.tasks += Number(tasks ?? 0);
                resolve();
              });
              c.kill('SIGUSR1');
            }),
        ),
      );
    await ask();
    taken.claims = taken.tasks = 0;
    // The workers claim only kind "bench": flipping the kind releases all the work at once.
    // The clock starts once the flip is committed, when the work becomes claimable:
    // rewriting every queued row is the same serial cost however many processes claim.
    await client.query(`UPDATE tasks SET kind = 'bench' WHERE kind = 'paused'`);
    // PostgreSQL's backends serving the workers: those of the start from their CPU then,
    // those a pool opens during the run from nothing; one a pool closes keeps its last reading.
    const pgStart = new Map<number, number>();
    const pgLast = new Map<number, number>();
    let started = false;
    const readBackends = async () => {
      const pids = (await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).rows;
      for (const { pid } of pids) {
        const s = cpuSeconds(pid);
        if (s === null) continue;
        if (!pgStart.has(pid)) pgStart.set(pid, started ? 0 : s);
        pgLast.set(pid, s);
      }
    };
    await readBackends();
    started = true;
    const onThisMachine = pgStart.size > 0;
    const workers = children.map((c) => c.pid!);
    const w0 = cpuOf(workers);
    const t = performance.now();
    const watch = setInterval(() => void readBackends().catch(() => {}), 500);
    await settled();
    const secs = (performance.now() - t) / 1000;
    clearInterval(watch);
    await ask();
    const w1 = cpuOf(workers);
    await readBackends();
    await client.end();
    let pgSecs = 0;
    for (const [pid, s] of pgLast) pgSecs += s - pgStart.get(pid)!;
    const perTask = (a: number | null, b: number | null) => (a === null || b === null ? null : ((b - a) * 1000) / TASKS);
    return { rate: TASKS / secs, workerMs: perTask(w0, w1), pgMs: onThisMachine ? (pgSecs * 1000) / TASKS : null, perClaim: taken.tasks / taken.claims };
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    await store.close();
    await db.drop();
  }
}

if (!pgUrl || !redisUrl) {
  skipped('claims per second with 1, 2 and 4 worker processes', 'set TRAWL_TEST_DATABASE_URL and TRAWL_TEST_REDIS_URL');
} else {
  const rates = new Map<number, number>();
  const ms = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(2)} ms`);
  for (const n of [1, 2, 4]) {
    const f = await run(n);
    rates.set(n, f.rate);
    // Where a task's CPU goes: PostgreSQL's share is what more processes cannot spread.
    console.log(
      `${n} worker process${n > 1 ? 'es' : ''}: ${f.rate.toFixed(0)} claims+completions/s; CPU a task: PostgreSQL ${ms(f.pgMs)}, workers ${ms(f.workerMs)}; ${f.perClaim.toFixed(0)} tasks a claim`,
    );
  }
  // Two cores run the workers, PostgreSQL and Redis alike: what else runs shifts every figure.
  console.log(`${TASKS} no-op tasks of 4 teams, ${loadConfig({}).workerConcurrency} at once per process (the default), timed after each process ran ${WARM_UP}, PostgreSQL + Redis; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  atLeast('claims+completions/s, 4 worker processes / 1', rates.get(4)! / rates.get(1)!, 1.6);
  console.log(`2 processes / 1: ${(rates.get(2)! / rates.get(1)!).toFixed(2)}×`);
}
