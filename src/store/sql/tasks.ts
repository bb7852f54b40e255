import { randomUUID } from 'node:crypto';
import { toTask, type TaskRow } from '../rows/tasks.js';
import type { ClaimRequest, ClaimedTask, FailOutcome, Lease, PlanLimits, TaskStore } from '../tasks.js';
import type { Sql } from './sql.js';

/** The oldest due task of one (team, job) group. */
interface Head {
  id: string;
  run_after: string;
  seq: number;
}

interface Group {
  teamId: string;
  jobId: string | null;
  head: Head;
}

const DEFAULT_MAX_ATTEMPTS = 3;
/** An SQL expression of the teams' limits as a claim function's JSON argument, with its parameters. */
interface LimitsArg {
  sql: string;
  args: unknown[];
}

/**
 * Starts a PostgreSQL statement that each connection prepares once under a
 * name (src/store/postgres/database.ts): the claim and completion calls, made
 * for every batch of tasks, are then neither parsed nor planned again.
 */
const PREPARED = '-- prepared\n';

const ORPHANED = 'The process running this task stopped';
const LEASE_EXPIRED = 'The worker running this task stopped renewing its lease';
/**
 * With a shared database: a running job with no work this long after its
 * creation was cut short between creating it and queueing its work. Younger
 * ones may belong to a live process that is queueing their work right now.
 */
const ABANDONED_AFTER_MS = 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

// A job ends once nothing of it is queued or active; it failed when none of its
// tasks completed (a job that never got any work is one a crash cut short).
// Run only with the job's row locked by an earlier statement of the
// transaction: in PostgreSQL this statement's snapshot then includes every
// commit that touched the job, which is what lets two tasks finishing at once
// on two processes never both leave the job running. One index probe a state:
// with IN, PostgreSQL read the job's finished tasks too.
const SETTLE = `
  UPDATE jobs SET
    status = CASE WHEN completed > 0 OR (failed = 0 AND total > 0) THEN 'completed' ELSE 'failed' END,
    error = CASE WHEN completed > 0 OR (failed = 0 AND total > 0) THEN error ELSE coalesce(
      (SELECT t.error FROM tasks t WHERE t.job_id = jobs.id AND t.state = 'failed' ORDER BY t.finished_at DESC LIMIT 1),
      'The job ended before any of its work was queued') END,
    completed_at = ?,
    expires_at = ?
  WHERE status = 'running'
    AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.job_id = jobs.id AND t.state = 'queued')
    AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.job_id = jobs.id AND t.state = 'active')`;

const REQUEUE = `UPDATE tasks SET state = 'queued', attempts = attempts - ?, run_after = ?, error = ?,
                        lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL
                  WHERE id = ?`;

/**
 * The queue's tasks, written once for both dialects. Row locks (PostgreSQL)
 * are taken job first, then task, everywhere, so that processes rarely
 * deadlock; when they do, the transaction runs again. `exclusive`: this
 * process owns the database (SQLite's data-directory lock), so at start-up
 * every active task is an orphan of the process before it.
 */
export function createTaskStore(sql: Sql, retentionMs: number, opts: { exclusive: boolean }): TaskStore {
  const { forUpdate, inList, seq } = sql.dialect;
  /** Several processes share the database and lock rows (PostgreSQL); SQLite has one writer. */
  const rowLocks = sql.dialect.name === 'postgres';

  const lockJob = (c: Sql, jobId: string) =>
    c.one<{ status: string; max_concurrency: number | null }>(`SELECT status, max_concurrency FROM jobs WHERE id = ?${forUpdate}`, [jobId]);

  /**
   * Locks the task's job, then the task if `lease` still holds it. Without row
   * locks (SQLite's writer holds the database) the job is not read at all:
   * this runs once per page of a crawl.
   */
  const leased = async (c: Sql, lease: Lease): Promise<TaskRow | undefined> => {
    if (forUpdate) {
      const task = await c.one<{ job_id: string | null }>('SELECT job_id FROM tasks WHERE id = ?', [lease.taskId]);
      if (task?.job_id) await lockJob(c, task.job_id);
    }
    return c.one<TaskRow>(`SELECT * FROM tasks WHERE id = ? AND lease_token = ? AND state = 'active'${forUpdate}`, [lease.taskId, lease.token]);
  };

  const settle = (c: Sql, jobId: string | null, now: Date) =>
    c.run(jobId === null ? SETTLE : `${SETTLE} AND id = ?`, [now.toISOString(), iso(now.getTime() + retentionMs), ...(jobId === null ? [] : [jobId])]);

  type End = 'completed' | 'failed' | 'cancelled';
  /** The task's job row must be locked already (see SETTLE). */
  const finish = async (c: Sql, row: TaskRow, state: End, result: string | null, error: string | null, now: Date) => {
    await c.run(
      `UPDATE tasks SET state = ?, result = ?, error = ?, finished_at = ?, lease_token = NULL, lease_expires_at = NULL
        WHERE id = ?`,
      [state, result, error, now.toISOString(), row.id],
    );
    await counted(c, row.job_id, state, now);
  };
  /** The job's side of a task's end: its counters, and the job's own end with its last task. */
  const counted = async (c: Sql, jobId: string | null, state: End, now: Date) => {
    if (jobId === null) return;
    if (state === 'completed') await c.run('UPDATE jobs SET completed = completed + 1 WHERE id = ?', [jobId]);
    if (state === 'failed') await c.run('UPDATE jobs SET failed = failed + 1 WHERE id = ?', [jobId]);
    await settle(c, jobId, now);
  };

  /** A run that ended without its worker saying how: it counts as an attempt. */
  const recover = async (c: Sql, r: TaskRow, why: string, now: Date) => {
    if (r.cancel_requested_at !== null) await finish(c, r, 'cancelled', null, why, now);
    else if (r.attempts >= r.max_attempts) await finish(c, r, 'failed', null, `${why} (attempt ${r.attempts} of ${r.max_attempts})`, now);
    // Its original run_after keeps it at the front of the queue.
    else await c.run(REQUEUE, [0, r.run_after, why, r.id]);
  };

  /**
   * Takes back the runs whose lease expired, each unless its worker finished
   * it (or another process took it back) since it was seen: the lease token
   * must not have changed.
   */
  const requeueExpired = async (): Promise<number> => {
    const now = new Date();
    // Asked before every claim, and nearly always answered "none" by this plain read.
    const seen = await sql.all<TaskRow>(`SELECT * FROM tasks WHERE state = 'active' AND lease_expires_at <= ?`, [now.toISOString()]);
    let n = 0;
    for (const s of seen) {
      n += await sql.tx(async (c) => {
        if (s.job_id) await lockJob(c, s.job_id);
        const r = await c.one<TaskRow>(`SELECT * FROM tasks WHERE id = ? AND state = 'active' AND lease_token = ?${forUpdate}`, [s.id, s.lease_token]);
        if (!r) return 0;
        await recover(c, r, LEASE_EXPIRED, now);
        return 1;
      });
    }
    return n;
  };

  /**
   * Group commit of completions (PostgreSQL): the worker's runs that end in
   * one turn of the event loop (a claim's batch of short tasks ends together)
   * are written by one call of trawl_complete (migration 018), with or without
   * a job, rather than a locked transaction each: CPU both sides spend once
   * per batch instead of once per task, and no job row lock held across round
   * trips. Each caller learns whether its own task was completed (false: its
   * lease no longer holds).
   */
  let completing: { lease: Lease; text: string | null; done: (ok: boolean) => void; failed: (err: unknown) => void }[] = [];
  const completeInBatch = (lease: Lease, text: string | null) =>
    new Promise<boolean>((done, failed) => {
      if (!completing.length) setImmediate(flushCompletions);
      completing.push({ lease, text, done, failed });
    });
  const flushCompletions = () => {
    const batch = completing;
    completing = [];
    const now = Date.now();
    const args = [batch.map((b) => b.lease.taskId), batch.map((b) => b.lease.token), batch.map((b) => b.text), iso(now), iso(now + retentionMs)];
    withDeadlockRetry(() => sql.all<{ id: string }>(`${PREPARED}SELECT id FROM trawl_complete(?::text[], ?::text[], ?::text[], ?, ?)`, args))
      .then((rows) => {
        const ids = new Set(rows.map((r) => r.id));
        for (const b of batch) b.done(ids.has(b.lease.taskId));
      })
      .catch((err: unknown) => {
        for (const b of batch) b.failed(err);
      });
  };

  /**
   * A call of a PostgreSQL function runs in its own transaction; one chosen
   * as a deadlock victim (a cancel dropping the same rows in another order)
   * was undone whole and runs again.
   */
  const withDeadlockRetry = async <T>(call: () => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (err) {
        if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
      }
    }
  };

  // SQLite's teams with queued work; PostgreSQL's claim function finds them itself (017).
  const nextTeam = (after: string) => `(SELECT t.team_id FROM tasks t WHERE t.state = 'queued'${after} ORDER BY t.team_id LIMIT 1)`;
  const WAITING_TEAMS = `WITH RECURSIVE waiting(team_id) AS (
      SELECT ${nextTeam('')}
      UNION ALL
      SELECT ${nextTeam(' AND t.team_id > w.team_id')} FROM waiting w WHERE w.team_id IS NOT NULL)
    SELECT team_id FROM waiting WHERE team_id IS NOT NULL`;

  /** Started at a random team so that processes claiming at once spread out. */
  const rotated = (teams: string[]) => {
    const from = Math.floor(Math.random() * teams.length);
    return [...teams.slice(from), ...teams.slice(0, from)];
  };

  const claim = (req: ClaimRequest): Promise<ClaimedTask[]> => {
    const waiting = [...req.teamLimits.keys()];
    if (!waiting.length) return Promise.resolve([]);
    const order = rotated(waiting);
    if (rowLocks) return claimInOne(req, order);
    return sql.tx(async (c) => {
      // The teams whose claim locks are free now (all of them with SQLite's single writer);
      // only when every team is taken does it wait, for one: holding no lock while waiting,
      // it cannot deadlock.
      const mine = (await c.tryLocks(order.map((t) => `claim:${t}`))).map((name) => name.slice('claim:'.length));
      if (!mine.length) {
        await c.lock(`claim:${order[0]}`);
        mine.push(order[0]!);
      }
      return claimStepwise(c, req, new Map(mine.map((t) => [t, req.teamLimits.get(t)!] as const)));
    });
  };

  /**
   * One call of a PostgreSQL claim function, which takes the teams' claim
   * locks and claims after them, in its own transaction: no lock is held
   * across a round trip.
   */
  const callClaim = (fn: 'trawl_claim' | 'trawl_claim_due', req: Omit<ClaimRequest, 'teamLimits'>, limits: LimitsArg) => {
    const now = new Date();
    const args = [...limits.args, now.toISOString(), req.kinds, req.max, req.owner, iso(now.getTime() + req.leaseMs)];
    return withDeadlockRetry(() => sql.all<TaskRow>(`${PREPARED}SELECT * FROM ${fn}(${limits.sql}, ?, ?::text[], ?, ?, ?)`, args));
  };
  /** The claim functions' first argument, the teams' limits, as given. */
  const givenLimits = (limits: [string, number][]): LimitsArg => ({
    sql: '?::json',
    args: [JSON.stringify(limits.map(([team_id, lim]) => ({ team_id, lim })))],
  });
  const claimed = (rows: TaskRow[]): ClaimedTask[] =>
    rows.map((row) => ({ task: toTask(row), lease: { taskId: row.id, token: row.lease_token! } }));

  /** trawl_claim (migration 014): the limits are given. */
  const claimInOne = async (req: ClaimRequest, order: string[]) =>
    claimed(await callClaim('trawl_claim', req, givenLimits(order.map((t) => [t, req.teamLimits.get(t)!]))));

  /** The limits of the plans met so far, by the PlanLimits that gave them: a plan's limit does not change while the process runs. */
  const metPlans = new WeakMap<PlanLimits, { plans: Map<string, number>; noTeam: number | null }>();
  const metOf = (limits: PlanLimits) => {
    let met = metPlans.get(limits);
    if (!met) metPlans.set(limits, (met = { plans: new Map(), noTeam: null }));
    return met;
  };
  /** A team's plan and its limit, for a team trawl_plan_limits left out (migration 020): a plan not met before. */
  const meetPlan = async (limits: PlanLimits, teamId: string) => {
    const met = metOf(limits);
    const plan = (await sql.one<{ plan: string }>('SELECT plan FROM teams WHERE id = ?', [teamId]))?.plan ?? null;
    const limit = await limits.ofPlan(plan);
    if (plan === null) met.noTeam = limit;
    else met.plans.set(plan, limit);
  };

  /**
   * The teams that were waiting at this store's last claim (PostgreSQL):
   * their limits go with the next one, so that a claim is one call of
   * trawl_claim_due (migration 017) rather than three round trips. Only
   * a hint: a team it misses is named by the call, which claims nothing
   * for a team without its limit.
   */
  const waitingAtLastClaim = new Set<string>();
  /** Calls again after taking back lapsed leases or reading a new team's limit; a few times at most. */
  const CLAIM_CALLS = 4;
  const claimDue = async (req: Omit<ClaimRequest, 'teamLimits'>, limits: PlanLimits) => {
    for (let call = 1; call <= CLAIM_CALLS; call++) {
      const teams = rotated([...waitingAtLastClaim]);
      // PostgreSQL reads the teams' plans in the claim's statement (migration 020).
      const limitsArg = {
        sql: 'trawl_plan_limits(?::text[], ?::json, ?::int)',
        args: [teams, JSON.stringify(Object.fromEntries(metOf(limits).plans)), metOf(limits).noTeam],
      };
      const rows = await callClaim('trawl_claim_due', req, limitsArg);
      let again = false;
      for (const row of rows) {
        if (row.id !== null) continue;
        // A marker row (see migration 017), not a task.
        const r = row as unknown as { team_id: string; state: 'idle' | 'unlimited' | 'lapsed' };
        if (r.state === 'idle') waitingAtLastClaim.delete(r.team_id);
        if (r.state === 'unlimited') waitingAtLastClaim.add(r.team_id);
        if (r.state === 'unlimited') await meetPlan(limits, r.team_id);
        if (r.state === 'lapsed') await requeueExpired();
        again ||= r.state !== 'idle';
      }
      if (!again) return claimed(rows.filter((r) => r.id !== null));
    }
    return [];
  };

  /**
   * Statement by statement, each cheap in-process: SQLite's single writer
   * holds the database for the whole claim anyway.
   */
  const claimStepwise = async (c: Sql, req: ClaimRequest, teamLimits: Map<string, number>): Promise<ClaimedTask[]> => {
    const now = new Date();
    const nowIso = now.toISOString();
    const activeOfTeam = new Map<string, number>();
    const activeOfJob = new Map<string, number>();
    // Read after taking the locks, so it includes every claim of these teams committed before.
    const active = await c.all<{ team_id: string; job_id: string | null; n: number }>(
      `SELECT team_id, job_id, COUNT(*) AS n FROM tasks WHERE state = 'active' AND ${inList('team_id')} GROUP BY team_id, job_id`,
      [[...teamLimits.keys()]],
    );
    for (const g of active) {
      activeOfTeam.set(g.team_id, (activeOfTeam.get(g.team_id) ?? 0) + g.n);
      if (g.job_id !== null) activeOfJob.set(g.job_id, g.n);
    }
    const jobLimits = new Map<string, number | null>();
    const fits = (teamId: string, jobId: string | null) => {
      if ((activeOfTeam.get(teamId) ?? 0) >= (teamLimits.get(teamId) ?? 0)) return false;
      if (jobId === null) return true;
      const limit = jobLimits.get(jobId) ?? null;
      return limit === null || (activeOfJob.get(jobId) ?? 0) < limit;
    };
    // Two statements rather than IS NOT DISTINCT FROM, which no index serves.
    const headOf = (teamId: string, jobId: string | null) =>
      c.one<Head>(
        `SELECT id, run_after, ${seq} AS seq FROM tasks
          WHERE state = 'queued' AND team_id = ? AND ${jobId === null ? 'job_id IS NULL' : 'job_id = ?'}
            AND run_after <= ? AND ${inList('kind')}
          ORDER BY run_after, ${seq} LIMIT 1`,
        [teamId, ...(jobId === null ? [] : [jobId]), nowIso, req.kinds],
      );

    let groups: Group[] = [];
    for (const teamId of teamLimits.keys()) {
      if (!fits(teamId, null)) continue;
      // Tasks without a job first, then each job of the team with queued work.
      let jobId: string | null | undefined = null;
      while (jobId !== undefined) {
        if (jobId !== null && !jobLimits.has(jobId)) {
          const job = await c.one<{ max_concurrency: number | null }>('SELECT max_concurrency FROM jobs WHERE id = ?', [jobId]);
          jobLimits.set(jobId, job?.max_concurrency ?? null);
        }
        const head = fits(teamId, jobId) ? await headOf(teamId, jobId) : undefined;
        if (head) groups.push({ teamId, jobId, head });
        const next: { job_id: string } | undefined = await c.one<{ job_id: string }>(
          `SELECT job_id FROM tasks WHERE state = 'queued' AND team_id = ? AND job_id > ? ORDER BY job_id LIMIT 1`,
          [teamId, jobId ?? ''],
        );
        jobId = next?.job_id;
      }
    }
    groups.sort((a, b) => Date.parse(a.head.run_after) - Date.parse(b.head.run_after) || a.head.seq - b.head.seq);

    const leaseExpiresAt = iso(now.getTime() + req.leaseMs);
    const claimed: ClaimedTask[] = [];
    // Rounds of one task per group, oldest group first.
    while (claimed.length < req.max && groups.length) {
      const next: Group[] = [];
      for (const g of groups) {
        if (claimed.length >= req.max) break;
        if (!fits(g.teamId, g.jobId)) continue;
        const token = randomUUID();
        // Still queued: a job cancelled on another process since the head was read keeps its task.
        const row = await c.one<TaskRow>(
          `UPDATE tasks SET state = 'active', attempts = attempts + 1, lease_owner = ?, lease_token = ?,
                  lease_expires_at = ?, started_at = ?
            WHERE id = ? AND state = 'queued' RETURNING *`,
          [req.owner, token, leaseExpiresAt, nowIso, g.head.id],
        );
        if (row) {
          claimed.push({ task: toTask(row), lease: { taskId: row.id, token } });
          activeOfTeam.set(g.teamId, (activeOfTeam.get(g.teamId) ?? 0) + 1);
          if (g.jobId !== null) activeOfJob.set(g.jobId, (activeOfJob.get(g.jobId) ?? 0) + 1);
        }
        const head = await headOf(g.teamId, g.jobId);
        if (head) next.push({ ...g, head });
      }
      groups = next;
    }
    return claimed;
  };

  return {
    enqueue: (tasks) =>
      sql.tx(async (c) => {
        const now = Date.now();
        const jobRunning = new Map<string, boolean>();
        // Locked in one order, and before any insert: cancelJob locks the job first too,
        // so work is never added to a job between its cancel and the drop of its queue.
        const jobIds = [...new Set(tasks.map((t) => t.jobId ?? null).filter((j): j is string => j !== null))].sort();
        for (const jobId of jobIds) {
          const job = await lockJob(c, jobId);
          if (!job) throw new Error(`Cannot enqueue work for job ${jobId}: there is no such job`);
          jobRunning.set(jobId, job.status === 'running');
        }
        const added = new Map<string, number>();
        const ids: string[] = [];
        for (const t of tasks) {
          const id = t.id ?? randomUUID();
          ids.push(id);
          const jobId = t.jobId ?? null;
          if (jobId !== null && !jobRunning.get(jobId)) continue;
          const inserted = await c.run(
            `INSERT INTO tasks (id, kind, team_id, job_id, payload, state, max_attempts, run_after, created_at)
             VALUES (?, ?, ?, ?, ?, 'queued', ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
            [id, t.kind, t.teamId, jobId, JSON.stringify(t.payload ?? null), t.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, iso(now + (t.delayMs ?? 0)), iso(now)],
          );
          if (inserted && jobId !== null) added.set(jobId, (added.get(jobId) ?? 0) + 1);
        }
        for (const [jobId, n] of added) await c.run('UPDATE jobs SET total = total + ? WHERE id = ?', [n, jobId]);
        return ids;
      }),
    requeueExpired,
    claim,
    async claimWaiting(req, limits) {
      if (rowLocks) return claimDue(req, limits);
      const limitOf = async (teamId: string) => limits.ofPlan((await sql.one<{ plan: string }>('SELECT plan FROM teams WHERE id = ?', [teamId]))?.plan ?? null);
      await requeueExpired();
      // One index probe per team, all in one statement.
      const teams = (await sql.all<{ team_id: string }>(WAITING_TEAMS)).map((r) => r.team_id);
      if (!teams.length) return [];
      // Limits are read before the claim's transaction, which must not wait on
      // anything: the plan lookup may be asynchronous.
      const teamLimits = await Promise.all(teams.map(async (t) => [t, await limitOf(t)] as const));
      return claim({ ...req, teamLimits: new Map(teamLimits) });
    },
    async heartbeat(lease, leaseMs) {
      const changed = await sql.run(`UPDATE tasks SET lease_expires_at = ? WHERE id = ? AND lease_token = ? AND state = 'active'`, [
        iso(Date.now() + leaseMs),
        lease.taskId,
        lease.token,
      ]);
      return changed === 1;
    },
    async complete(lease, result) {
      const text = result === undefined ? null : (JSON.stringify(result) ?? null);
      if (rowLocks) return completeInBatch(lease, text);
      // The lease checked and the task ended in one statement: a crawl completes a task a page,
      // and reading the whole row first (payload and all) cost as much as the update.
      return sql.tx(async (c) => {
        const now = new Date();
        const row = await c.one<{ job_id: string | null }>(
          `UPDATE tasks SET state = 'completed', result = ?, error = NULL, finished_at = ?, lease_token = NULL, lease_expires_at = NULL
            WHERE id = ? AND lease_token = ? AND state = 'active' RETURNING job_id`,
          [text, now.toISOString(), lease.taskId, lease.token],
        );
        if (!row) return false;
        await counted(c, row.job_id, 'completed', now);
        return true;
      });
    },
    fail: (lease, error, retryDelayMs) =>
      sql.tx(async (c): Promise<FailOutcome> => {
        const row = await leased(c, lease);
        if (!row) return 'lost';
        const now = new Date();
        if (row.cancel_requested_at !== null) {
          await finish(c, row, 'cancelled', null, error, now);
          return 'cancelled';
        }
        if (row.attempts < row.max_attempts) {
          await c.run(REQUEUE, [0, iso(now.getTime() + retryDelayMs(row.attempts)), error, row.id]);
          return 'retrying';
        }
        await finish(c, row, 'failed', null, error, now);
        return 'failed';
      }),
    release: (lease) =>
      sql.tx(async (c) => {
        const row = await leased(c, lease);
        if (!row) return false;
        if (row.cancel_requested_at !== null) await finish(c, row, 'cancelled', null, row.error, new Date());
        else await c.run(REQUEUE, [1, row.run_after, row.error, row.id]);
        return true;
      }),
    cancelJob: (jobId) =>
      sql.tx(async (c) => {
        const now = new Date().toISOString();
        await lockJob(c, jobId);
        await c.run(`UPDATE jobs SET status = 'cancelled', completed_at = ?, expires_at = ? WHERE id = ? AND status = 'running'`, [
          now,
          iso(Date.now() + retentionMs),
          jobId,
        ]);
        const dropped = await c.run(
          `UPDATE tasks SET state = 'cancelled', cancel_requested_at = ?, finished_at = ? WHERE job_id = ? AND state = 'queued'`,
          [now, now, jobId],
        );
        await c.run(`UPDATE tasks SET cancel_requested_at = ? WHERE job_id = ? AND state = 'active'`, [now, jobId]);
        return dropped;
      }),
    async recoverOrphans() {
      const now = new Date();
      if (opts.exclusive) {
        return sql.tx(async (c) => {
          const orphans = await c.all<TaskRow>(`SELECT * FROM tasks WHERE state = 'active'`);
          for (const r of orphans) await recover(c, r, ORPHANED, now);
          await settle(c, null, now);
          return orphans.length;
        });
      }
      // Other processes may be running the active tasks of a shared database, so
      // only runs whose lease expired are taken back: a killed worker's tasks are
      // redone once its leases run out.
      const n = await requeueExpired();
      const abandoned = await sql.all<{ id: string }>(
        `SELECT id FROM jobs j WHERE status = 'running' AND created_at <= ?
            AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.job_id = j.id AND t.state IN ('queued', 'active'))`,
        [iso(now.getTime() - ABANDONED_AFTER_MS)],
      );
      for (const { id } of abandoned) {
        await sql.tx(async (c) => {
          await lockJob(c, id);
          await settle(c, id, now);
        });
      }
      return n;
    },
    async counts(teamId) {
      const r = (await sql.one<{ queued: number; active: number; last: string | null }>(
        // Queued work counted in the two halves its partial indexes hold (migration 013).
        `SELECT (SELECT COUNT(*) FROM tasks WHERE team_id = ? AND state = 'queued' AND job_id IS NULL)
              + (SELECT COUNT(*) FROM tasks WHERE team_id = ? AND state = 'queued' AND job_id IS NOT NULL) AS queued,
                (SELECT COUNT(*) FROM tasks WHERE team_id = ? AND state = 'active') AS active,
                (SELECT MAX(finished_at) FROM tasks WHERE team_id = ? AND state = 'completed') AS last`,
        [teamId, teamId, teamId, teamId],
      ))!;
      return { queued: r.queued, active: r.active, mostRecentSuccess: r.last };
    },
    async get<P>(id: string) {
      const r = await sql.one<TaskRow>('SELECT * FROM tasks WHERE id = ?', [id]);
      return r ? toTask<P>(r) : null;
    },
    purgeExpired: (now) =>
      sql.run(`DELETE FROM tasks WHERE job_id IS NULL AND state IN ('completed', 'failed', 'cancelled') AND finished_at <= ?`, [
        iso(now.getTime() - retentionMs),
      ]),
  };
}
