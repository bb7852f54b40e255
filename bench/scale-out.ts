// Scale-out on PostgreSQL + Redis: claims and completions per second of no-op tasks with
// 1, 2 and 4 worker processes sharing one database and one Redis, each process running
// as many tasks at once as `trawl worker` does by default (the default plan's
// concurrency). The tasks are a crawl's: each belongs to its team's job, which is
// counted and settled as they complete. Rounds of 1, 2 and 4 processes taking turns;
// the figures are the rounds' medians. Target: 4 processes ≥ 1.6× one process.
// Needs TRAWL_TEST_DATABASE_URL (a server where databases may be created) and
// TRAWL_TEST_REDIS_URL; skipped without them. --quick: fewer tasks and rounds.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config/load.js';
import { createPostgresStore } from '../src/store/postgres/index.js';
import { freshDatabase } from '../test/helpers/postgres.js';
import { RedisBus } from '../src/jobs/redis-bus.js';
import { atLeast, median, quick, skipped } from './lib/targets.js';

const pgUrl = process.env.TRAWL_TEST_DATABASE_URL;
const redisUrl = process.env.TRAWL_TEST_REDIS_URL;
// Enough that the run is not mostly its start and its tail: 4 processes hold 400 tasks at once.
const TASKS = quick ? 8000 : 20000;
const ROUNDS = quick ? 3 : 5;
/**
 * Tasks each process runs before the clock starts: what a long-running cluster has long paid
 * (JIT, each connection's plans). After 500 a process's code was still being optimised: the
 * workers' CPU a task at 4 processes was 0.11-0.19 ms after 500 each, 0.06-0.08 after 2,000,
 * as at 1 process (0.07-0.08), where one process runs the whole timed work.
 */
const WARM_UP = 2000;
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
  /** CPU milliseconds a task, by kind of process (null when /proc cannot tell, e.g. PostgreSQL on another machine). */
  workerMs: number | null;
  pgMs: number | null;
  /** PostgreSQL's shared buffers read (cache hits or not) a task: what it did, whatever else the machine runs. */
  buffers: number;
  redisMs: number | null;
  /** Tasks a claim took, on average, and claims that took none a claim that took some. */
  perClaim: number;
  emptyPerClaim: number;
  /** The 1-minute load average at the end of the run: the machine is shared. */
  load: number;
}

/** The Redis server's process, when it runs on this machine. */
async function redisPid(bus: RedisBus): Promise<number | null> {
  const info = await bus.redis.info('server');
  const pid = Number(/process_id:(\d+)/.exec(info)?.[1]);
  return pid && cpuSeconds(pid) !== null ? pid : null;
}

async function run(processes: number): Promise<Figures> {
  const db = await freshDatabase(pgUrl!);
  const store = await createPostgresStore(db.url);
  const prefix = `trawl-bench-${randomBytes(4).toString('hex')}`;
  const bus = new RedisBus(redisUrl!, prefix, { error: () => {}, info: () => {} });
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
    // The workers' jobs end by themselves once their last task completes.
    const settled = async () => {
      for (;;) {
        const { rows } = await client.query<{ left: boolean }>(`SELECT EXISTS (SELECT 1 FROM jobs WHERE status = 'running') AS left`);
        if (!rows[0]!.left) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const announce = () => bus.publish('queue', { type: 'available' });
    // Spread over 4 teams as a busy cluster holds them, each crawling one site.
    const teams = await Promise.all(['a', 'b', 'c', 'd'].map((name) => store.teams.createTeam({ name, plan: loadConfig({}).defaultPlan })));
    const jobs = async () => Promise.all(teams.map((t) => store.jobs.create({ kind: 'crawl', teamId: t.id, options: {} })));
    const tasksOf = (js: { id: string; teamId: string }[], kind: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({ kind, teamId: js[i % js.length]!.teamId, jobId: js[i % js.length]!.id, payload: null }));
    await store.tasks.enqueue(tasksOf(await jobs(), 'bench', WARM_UP * processes));
    await announce();
    await settled();
    await store.tasks.enqueue(tasksOf(await jobs(), 'paused', TASKS));
    // A long-running cluster's tables have statistics (autovacuum analyses them within a
    // minute of such changes); this database is seconds old. Without them the plans the
    // workers' connections keep were made for an empty table: some sessions read every
    // queued task of a job through tasks_job to claim a few (seen with auto_explain).
    // Autovacuum likewise clears the finished work of the warm-up, whose index entries
    // every claim's probes would otherwise pass: 2,000 tasks a process, so 4 processes
    // would carry 4 times the 1 process's (~250 buffers a waiting-teams probe, ~30 at 1).
    await client.query('VACUUM (ANALYZE) tasks, jobs');
    // Each worker answers SIGUSR1 with the claims and tasks it took since last asked.
    const taken = { claims: 0, tasks: 0, empty: 0 };
    const ask = () =>
      Promise.all(
        children.map(
          (c) =>
            new Promise<void>((resolve) => {
              c.stdout!.once('data', (chunk: Buffer) => {
                const [, claims, tasks, empty] = /taken (\d+) (\d+) (\d+)/.exec(chunk.toString()) ?? [];
                taken.claims += Number(claims ?? 0);
                taken.tasks += Number(tasks ?? 0);
                taken.empty += Number(empty ?? 0);
                resolve();
              });
              c.kill('SIGUSR1');
            }),
        ),
      );
    await ask();
    taken.claims = taken.tasks = taken.empty = 0;
    // The workers claim only kind "bench": flipping the kind releases all the work at once.
    // The clock starts once the flip is committed, when the work becomes claimable:
    // rewriting every queued row is the same serial cost however many processes claim.
    await client.query(`UPDATE tasks SET kind = 'bench' WHERE kind = 'paused'`);
    // A backend reports its buffers at most once a second: the flip's now, the workers' within a second of the end.
    await client.query('SELECT pg_stat_force_next_flush()');
    const buffersRead = async () =>
      Number((await client.query<{ n: string }>('SELECT blks_hit + blks_read AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0]!.n);
    const buffers0 = await buffersRead();
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
    const redis = await redisPid(bus);
    const w0 = cpuOf(workers);
    const r0 = redis === null ? null : cpuSeconds(redis);
    const t = performance.now();
    await announce();
    const watch = setInterval(() => void readBackends().catch(() => {}), 500);
    await settled();
    const secs = (performance.now() - t) / 1000;
    clearInterval(watch);
    const w1 = cpuOf(workers);
    const r1 = redis === null ? null : cpuSeconds(redis);
    await ask();
    await readBackends();
    await new Promise((r) => setTimeout(r, 1500));
    const buffers = (await buffersRead()) - buffers0;
    await client.end();
    let pgSecs = 0;
    for (const [pid, s] of pgLast) pgSecs += s - pgStart.get(pid)!;
    const perTask = (a: number | null, b: number | null) => (a === null || b === null ? null : ((b - a) * 1000) / TASKS);
    return {
      rate: TASKS / secs,
      workerMs: perTask(w0, w1),
      pgMs: onThisMachine ? (pgSecs * 1000) / TASKS : null,
      buffers: buffers / TASKS,
      redisMs: perTask(r0, r1),
      perClaim: taken.tasks / taken.claims,
      emptyPerClaim: taken.empty / taken.claims,
      load: os.loadavg()[0]!,
    };
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    await bus.close();
    await store.close();
    await db.drop();
  }
}

if (!pgUrl || !redisUrl) {
  skipped('claims per second with 1, 2 and 4 worker processes', 'set TRAWL_TEST_DATABASE_URL and TRAWL_TEST_REDIS_URL');
} else {
  const counts = [1, 2, 4];
  const figures = new Map<number, Figures[]>(counts.map((n) => [n, []]));
  const ms = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(3)} ms`);
  const mid = (xs: (number | null)[]) => (xs.some((x) => x === null) ? null : median(xs as number[]));
  // 4/1 of each round: the two runs of a round are minutes apart at most, so they share the machine's load.
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Each round in another order, so that no process count always runs first or last.
    const order = counts.map((_, i) => counts[(i + round) % counts.length]!);
    for (const n of order) {
      const f = await run(n);
      figures.get(n)!.push(f);
      console.log(
        `round ${round}, ${n} process${n > 1 ? 'es' : ''}: ${f.rate.toFixed(0)} tasks/s; CPU a task: PostgreSQL ${ms(f.pgMs)}, workers ${ms(f.workerMs)}, Redis ${ms(f.redisMs)}; PostgreSQL buffers a task ${f.buffers.toFixed(1)}; ${f.perClaim.toFixed(0)} tasks a claim, ${f.emptyPerClaim.toFixed(1)} empty claims a claim; load ${f.load.toFixed(1)}`,
      );
    }
    const last = (n: number) => figures.get(n)!.at(-1)!.rate;
    ratios.push(last(4) / last(1));
  }
  // Where a task's CPU goes: PostgreSQL's share is what more processes cannot spread.
  for (const n of counts) {
    const fs = figures.get(n)!;
    const cpu = [mid(fs.map((f) => f.pgMs)), mid(fs.map((f) => f.workerMs)), mid(fs.map((f) => f.redisMs))];
    const total = cpu.some((c) => c === null) ? null : cpu.reduce((a, b) => a! + b!, 0)!;
    const rate = median(fs.map((f) => f.rate));
    console.log(
      `${n} worker process${n > 1 ? 'es' : ''}: ${rate.toFixed(0)} claims+completions/s (median of ${ROUNDS}); CPU a task: PostgreSQL ${ms(cpu[0]!)}, workers ${ms(cpu[1]!)}, Redis ${ms(cpu[2]!)}` +
        (total === null ? '' : `, ${ms(total)} in all (${((total * rate) / 1000).toFixed(2)} cores busy)`) +
        `; PostgreSQL buffers a task ${median(fs.map((f) => f.buffers)).toFixed(1)}; ${median(fs.map((f) => f.perClaim)).toFixed(0)} tasks a claim`,
    );
  }
  // Two cores run the workers, PostgreSQL and Redis alike: what else runs shifts every figure.
  console.log(
    `${TASKS} no-op tasks of 4 teams' jobs a run, ${loadConfig({}).workerConcurrency} at once per process (the default), timed after each process ran ${WARM_UP}, PostgreSQL + Redis, ${os.cpus().length} cores; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  );
  console.log(`4 processes / 1, each round: ${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')}`);
  const rateOf = (n: number) => median(figures.get(n)!.map((f) => f.rate));
  atLeast('claims+completions/s, 4 worker processes / 1 (median of rounds)', median(ratios), 1.6);
  console.log(`2 processes / 1: ${(rateOf(2) / rateOf(1)).toFixed(2)}×`);
}
