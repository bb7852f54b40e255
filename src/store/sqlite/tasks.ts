import { randomUUID } from 'node:crypto';
import type { ClaimRequest, ClaimedTask, FailOutcome, Lease, NewTask, TaskStore } from '../tasks.js';
import type { Db } from './database.js';
import { toTask, type TaskRow } from '../rows/tasks.js';

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
const ORPHANED = 'The process running this task stopped';
const LEASE_EXPIRED = 'The worker running this task stopped renewing its lease';

const iso = (ms: number) => new Date(ms).toISOString();

// A job ends once nothing of it is queued or active; it failed when none of its
// tasks completed (a job that never got any work is one a crash cut short).
const SETTLE = `
  UPDATE jobs SET
    status = CASE WHEN completed > 0 OR (failed = 0 AND total > 0) THEN 'completed' ELSE 'failed' END,
    error = CASE WHEN completed > 0 OR (failed = 0 AND total > 0) THEN error ELSE coalesce(
      (SELECT t.error FROM tasks t WHERE t.job_id = jobs.id AND t.state = 'failed' ORDER BY t.finished_at DESC LIMIT 1),
      'The job ended before any of its work was queued') END,
    completed_at = @now,
    expires_at = @expiresAt
  WHERE status = 'running'
    AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.job_id = jobs.id AND t.state IN ('queued', 'active'))`;

export function createSqliteTaskStore(db: Db, retentionMs: number): TaskStore {
  const q = {
    jobStatus: db.prepare('SELECT status FROM jobs WHERE id = ?').pluck(),
    insert: db.prepare(
      `INSERT INTO tasks (id, kind, team_id, job_id, payload, state, max_attempts, run_after, created_at)
       VALUES (?, ?, ?, ?, ?, 'queued', ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    ),
    addTotal: db.prepare('UPDATE jobs SET total = total + ? WHERE id = ?'),
    nextWaitingTeam: db.prepare(
      `SELECT team_id FROM tasks WHERE state = 'queued' AND team_id > ? ORDER BY team_id LIMIT 1`,
    ).pluck(),
    nextWaitingJob: db.prepare(
      `SELECT job_id FROM tasks WHERE state = 'queued' AND team_id = ? AND job_id > ? ORDER BY job_id LIMIT 1`,
    ).pluck(),
    head: db.prepare(
      `SELECT id, run_after, rowid AS seq FROM tasks
        WHERE state = 'queued' AND team_id = ? AND job_id IS ? AND run_after <= ?
          AND kind IN (SELECT value FROM json_each(?))
        ORDER BY run_after, rowid LIMIT 1`,
    ),
    activeGroups: db.prepare(
      `SELECT team_id, job_id, COUNT(*) AS n FROM tasks WHERE state = 'active' GROUP BY team_id, job_id`,
    ),
    jobLimit: db.prepare('SELECT max_concurrency FROM jobs WHERE id = ?').pluck(),
    take: db.prepare(
      `UPDATE tasks SET state = 'active', attempts = attempts + 1, lease_owner = ?, lease_token = ?,
              lease_expires_at = ?, started_at = ?
        WHERE id = ? RETURNING *`,
    ),
    expiredLeases: db.prepare(`SELECT * FROM tasks WHERE state = 'active' AND lease_expires_at <= ?`),
    anyExpired: db.prepare(`SELECT 1 FROM tasks WHERE state = 'active' AND lease_expires_at <= ? LIMIT 1`).pluck(),
    active: db.prepare(`SELECT * FROM tasks WHERE state = 'active'`),
    leased: db.prepare(`SELECT * FROM tasks WHERE id = ? AND lease_token = ? AND state = 'active'`),
    heartbeat: db.prepare(
      `UPDATE tasks SET lease_expires_at = ? WHERE id = ? AND lease_token = ? AND state = 'active'`,
    ),
    end: db.prepare(
      `UPDATE tasks SET state = ?, result = ?, error = ?, finished_at = ?, lease_token = NULL, lease_expires_at = NULL
        WHERE id = ?`,
    ),
    requeue: db.prepare(
      `UPDATE tasks SET state = 'queued', attempts = attempts - ?, run_after = ?, error = ?,
              lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL
        WHERE id = ?`,
    ),
    countCompleted: db.prepare('UPDATE jobs SET completed = completed + 1 WHERE id = ?'),
    countFailed: db.prepare('UPDATE jobs SET failed = failed + 1 WHERE id = ?'),
    settleJob: db.prepare(`${SETTLE} AND id = @id`),
    settleAll: db.prepare(SETTLE),
    dropQueued: db.prepare(
      `UPDATE tasks SET state = 'cancelled', cancel_requested_at = ?, finished_at = ? WHERE job_id = ? AND state = 'queued'`,
    ),
    flagActive: db.prepare(`UPDATE tasks SET cancel_requested_at = ? WHERE job_id = ? AND state = 'active'`),
    cancelJob: db.prepare(
      `UPDATE jobs SET status = 'cancelled', completed_at = ?, expires_at = ? WHERE id = ? AND status = 'running'`,
    ),
    counts: db.prepare(
      `SELECT (SELECT COUNT(*) FROM tasks WHERE team_id = @team AND state = 'queued') AS queued,
              (SELECT COUNT(*) FROM tasks WHERE team_id = @team AND state = 'active') AS active,
              (SELECT MAX(finished_at) FROM tasks WHERE team_id = @team AND state = 'completed') AS last`,
    ),
    byId: db.prepare('SELECT * FROM tasks WHERE id = ?'),
    purge: db.prepare(
      `DELETE FROM tasks WHERE job_id IS NULL AND state IN ('completed', 'failed', 'cancelled') AND finished_at <= ?`,
    ),
  };

  // IMMEDIATE takes the write lock up front: a deferred transaction that reads
  // then writes can fail outright when another connection (the keys CLI) writes.
  const tx = <A extends unknown[], R>(fn: (...args: A) => R) => {
    const t = db.transaction(fn);
    return (...args: A): R => t.immediate(...args);
  };

  const settle = (jobId: string, now: Date) =>
    q.settleJob.run({ id: jobId, now: now.toISOString(), expiresAt: iso(now.getTime() + retentionMs) });

  type End = 'completed' | 'failed' | 'cancelled';
  const finish = (row: TaskRow, state: End, result: string | null, error: string | null, now: Date) => {
    q.end.run(state, result, error, now.toISOString(), row.id);
    if (row.job_id === null) return;
    if (state === 'completed') q.countCompleted.run(row.job_id);
    if (state === 'failed') q.countFailed.run(row.job_id);
    settle(row.job_id, now);
  };

  /** A run that ended without its worker saying how: it counts as an attempt. */
  const recover = (rows: TaskRow[], why: string, now: Date) => {
    for (const r of rows) {
      if (r.cancel_requested_at !== null) finish(r, 'cancelled', null, why, now);
      else if (r.attempts >= r.max_attempts) {
        finish(r, 'failed', null, `${why} (attempt ${r.attempts} of ${r.max_attempts})`, now);
      }
      // Its original run_after keeps it at the front of the queue.
      else q.requeue.run(0, r.run_after, why, r.id);
    }
    return rows.length;
  };

  const enqueue = tx((tasks: NewTask[]): string[] => {
    const now = Date.now();
    const jobRunning = new Map<string, boolean>();
    const added = new Map<string, number>();
    const ids = tasks.map((t) => {
      const id = t.id ?? randomUUID();
      const jobId = t.jobId ?? null;
      if (jobId !== null) {
        if (!jobRunning.has(jobId)) {
          const status = q.jobStatus.get(jobId);
          if (status === undefined) throw new Error(`Cannot enqueue work for job ${jobId}: there is no such job`);
          jobRunning.set(jobId, status === 'running');
        }
        if (!jobRunning.get(jobId)) return id;
      }
      const { changes } = q.insert.run(
        id,
        t.kind,
        t.teamId,
        jobId,
        JSON.stringify(t.payload ?? null),
        t.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        iso(now + (t.delayMs ?? 0)),
        iso(now),
      );
      if (changes && jobId !== null) added.set(jobId, (added.get(jobId) ?? 0) + 1);
      return id;
    });
    for (const [jobId, n] of added) q.addTotal.run(n, jobId);
    return ids;
  });

  const claim = tx((req: ClaimRequest): ClaimedTask[] => {
    const now = new Date();
    const nowIso = now.toISOString();
    const activeOfTeam = new Map<string, number>();
    const activeOfJob = new Map<string, number>();
    for (const g of q.activeGroups.all() as { team_id: string; job_id: string | null; n: number }[]) {
      activeOfTeam.set(g.team_id, (activeOfTeam.get(g.team_id) ?? 0) + g.n);
      if (g.job_id !== null) activeOfJob.set(g.job_id, g.n);
    }
    const jobLimits = new Map<string, number | null>();
    const jobLimit = (jobId: string) => {
      if (!jobLimits.has(jobId)) jobLimits.set(jobId, (q.jobLimit.get(jobId) as number | null | undefined) ?? null);
      return jobLimits.get(jobId) ?? null;
    };
    const fits = (teamId: string, jobId: string | null) => {
      if ((activeOfTeam.get(teamId) ?? 0) >= (req.teamLimits.get(teamId) ?? 0)) return false;
      if (jobId === null) return true;
      const limit = jobLimit(jobId);
      return limit === null || (activeOfJob.get(jobId) ?? 0) < limit;
    };
    const kinds = JSON.stringify(req.kinds);
    const headOf = (teamId: string, jobId: string | null) => q.head.get(teamId, jobId, nowIso, kinds) as Head | undefined;

    let groups: Group[] = [];
    for (const teamId of req.teamLimits.keys()) {
      if (!fits(teamId, null)) continue;
      // Tasks without a job first, then each job of the team with queued work.
      let jobId: string | null | undefined = null;
      while (jobId !== undefined) {
        const head = fits(teamId, jobId) ? headOf(teamId, jobId) : undefined;
        if (head) groups.push({ teamId, jobId, head });
        jobId = q.nextWaitingJob.get(teamId, jobId ?? '') as string | undefined;
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
        const row = q.take.get(req.owner, token, leaseExpiresAt, nowIso, g.head.id) as TaskRow;
        claimed.push({ task: toTask(row), lease: { taskId: row.id, token } });
        activeOfTeam.set(g.teamId, (activeOfTeam.get(g.teamId) ?? 0) + 1);
        if (g.jobId !== null) activeOfJob.set(g.jobId, (activeOfJob.get(g.jobId) ?? 0) + 1);
        const head = headOf(g.teamId, g.jobId);
        if (head) next.push({ ...g, head });
      }
      groups = next;
    }
    return claimed;
  });

  const complete = tx((lease: Lease, result: unknown): boolean => {
    const row = q.leased.get(lease.taskId, lease.token) as TaskRow | undefined;
    if (!row) return false;
    finish(row, 'completed', result === undefined ? null : (JSON.stringify(result) ?? null), null, new Date());
    return true;
  });

  const fail = tx((lease: Lease, error: string, retryDelayMs: (attempt: number) => number): FailOutcome => {
    const row = q.leased.get(lease.taskId, lease.token) as TaskRow | undefined;
    if (!row) return 'lost';
    const now = new Date();
    if (row.cancel_requested_at !== null) {
      finish(row, 'cancelled', null, error, now);
      return 'cancelled';
    }
    if (row.attempts < row.max_attempts) {
      q.requeue.run(0, iso(now.getTime() + retryDelayMs(row.attempts)), error, row.id);
      return 'retrying';
    }
    finish(row, 'failed', null, error, now);
    return 'failed';
  });

  const release = tx((lease: Lease): boolean => {
    const row = q.leased.get(lease.taskId, lease.token) as TaskRow | undefined;
    if (!row) return false;
    if (row.cancel_requested_at !== null) finish(row, 'cancelled', null, row.error, new Date());
    else q.requeue.run(1, row.run_after, row.error, row.id);
    return true;
  });

  const cancelJob = tx((jobId: string): number => {
    const now = new Date().toISOString();
    const dropped = q.dropQueued.run(now, now, jobId).changes;
    q.flagActive.run(now, jobId);
    q.cancelJob.run(now, iso(Date.now() + retentionMs), jobId);
    return dropped;
  });

  const requeueExpired = tx((): number => {
    const now = new Date();
    return recover(q.expiredLeases.all(now.toISOString()) as TaskRow[], LEASE_EXPIRED, now);
  });

  const recoverOrphans = tx((): number => {
    const now = new Date();
    const n = recover(q.active.all() as TaskRow[], ORPHANED, now);
    q.settleAll.run({ now: now.toISOString(), expiresAt: iso(now.getTime() + retentionMs) });
    return n;
  });

  return {
    async enqueue(tasks) {
      return enqueue(tasks);
    },
    async requeueExpired() {
      // Asked before every claim, and nearly always answered "none": a plain read
      // spares the claim path a write transaction of its own.
      if (q.anyExpired.get(new Date().toISOString()) === undefined) return 0;
      return requeueExpired();
    },
    async waitingTeams() {
      const teams: string[] = [];
      let team = q.nextWaitingTeam.get('') as string | undefined;
      while (team !== undefined) {
        teams.push(team);
        team = q.nextWaitingTeam.get(team) as string | undefined;
      }
      return teams;
    },
    async claim(req) {
      return claim(req);
    },
    async heartbeat(lease, leaseMs) {
      return q.heartbeat.run(iso(Date.now() + leaseMs), lease.taskId, lease.token).changes === 1;
    },
    async complete(lease, result) {
      return complete(lease, result);
    },
    async fail(lease, error, retryDelayMs) {
      return fail(lease, error, retryDelayMs);
    },
    async release(lease) {
      return release(lease);
    },
    async cancelJob(jobId) {
      return cancelJob(jobId);
    },
    async recoverOrphans() {
      return recoverOrphans();
    },
    async counts(teamId) {
      const r = q.counts.get({ team: teamId }) as { queued: number; active: number; last: string | null };
      return { queued: r.queued, active: r.active, mostRecentSuccess: r.last };
    },
    async get<P>(id: string) {
      const r = q.byId.get(id) as TaskRow | undefined;
      return r ? toTask<P>(r) : null;
    },
    async purgeExpired(now) {
      return q.purge.run(iso(now.getTime() - retentionMs)).changes;
    },
  };
}
