import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { ClaimRequest, ClaimedTask, FailOutcome, Lease, TaskStore } from '../tasks.js';
import { transaction } from './database.js';
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
const LEASE_EXPIRED = 'The worker running this task stopped renewing its lease';
/**
 * The first key of each team's claim lock (the second is the team's hash): claims of one
 * team are serialised across processes, so its team and job limits count what every
 * claimer has taken; claims of different teams run side by side.
 */
const CLAIM_LOCK = 7_210_002;
/**
 * A running job with no work this long after its creation was cut short
 * between creating it and queueing its work. Younger ones may belong to a
 * live process that is queueing their work right now.
 */
const ABANDONED_AFTER_MS = 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

// A job ends once nothing of it is queued or active; it failed when none of its
// tasks completed. Run only with the job's row locked by an earlier statement
// of the transaction: this statement's snapshot then includes every commit
// that touched the job, which is what lets two tasks finishing at once on two
// processes never both leave the job running.
const SETTLE = `
  UPDATE jobs SET
    status = CASE WHEN completed > 0 OR (failed = 0 AND total > 0) THEN 'completed' ELSE 'failed' END,
    error = CASE WHEN completed > 0 OR (failed = 0 AND total > 0) THEN error ELSE coalesce(
      (SELECT t.error FROM tasks t WHERE t.job_id = jobs.id AND t.state = 'failed' ORDER BY t.finished_at DESC LIMIT 1),
      'The job ended before any of its work was queued') END,
    completed_at = $2,
    expires_at = $3
  WHERE id = $1 AND status = 'running'
    AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.job_id = jobs.id AND t.state IN ('queued', 'active'))`;

const REQUEUE = `UPDATE tasks SET state = 'queued', attempts = attempts - $2, run_after = $3, error = $4,
                        lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL
                  WHERE id = $1`;

/**
 * The queue's tasks in PostgreSQL, shared by every process. Row locks are
 * taken job first, then task, everywhere, so that processes rarely deadlock;
 * when they do, `transaction` runs the loser again.
 */
export function createPostgresTaskStore(db: pg.Pool, retentionMs: number): TaskStore {
  type C = pg.PoolClient;

  const lockJob = async (c: C, jobId: string) =>
    (await c.query<{ status: string; max_concurrency: number | null }>('SELECT status, max_concurrency FROM jobs WHERE id = $1 FOR UPDATE', [jobId]))
      .rows[0];

  /** Locks the task's job, then the task if `lease` still holds it. */
  const leased = async (c: C, lease: Lease): Promise<TaskRow | undefined> => {
    const jobId = (await c.query<{ job_id: string | null }>('SELECT job_id FROM tasks WHERE id = $1', [lease.taskId])).rows[0]?.job_id;
    if (jobId) await lockJob(c, jobId);
    const { rows } = await c.query<TaskRow>(
      `SELECT * FROM tasks WHERE id = $1 AND lease_token = $2 AND state = 'active' FOR UPDATE`,
      [lease.taskId, lease.token],
    );
    return rows[0];
  };

  const settle = (c: C, jobId: string, now: Date) => c.query(SETTLE, [jobId, now.toISOString(), iso(now.getTime() + retentionMs)]);

  type End = 'completed' | 'failed' | 'cancelled';
  /** The task's job row must be locked already (see SETTLE). */
  const finish = async (c: C, row: TaskRow, state: End, result: string | null, error: string | null, now: Date) => {
    await c.query(
      `UPDATE tasks SET state = $1, result = $2, error = $3, finished_at = $4, lease_token = NULL, lease_expires_at = NULL
        WHERE id = $5`,
      [state, result, error, now.toISOString(), row.id],
    );
    if (row.job_id === null) return;
    if (state === 'completed') await c.query('UPDATE jobs SET completed = completed + 1 WHERE id = $1', [row.job_id]);
    if (state === 'failed') await c.query('UPDATE jobs SET failed = failed + 1 WHERE id = $1', [row.job_id]);
    await settle(c, row.job_id, now);
  };

  /**
   * Takes back one run whose lease expired, unless its worker finished it (or
   * another process took it back) since it was seen: the lease token must not
   * have changed. It counts as an attempt.
   */
  const recoverOne = (seen: TaskRow, now: Date) =>
    transaction(db, async (c) => {
      if (seen.job_id) await lockJob(c, seen.job_id);
      const r = (
        await c.query<TaskRow>(`SELECT * FROM tasks WHERE id = $1 AND state = 'active' AND lease_token = $2 FOR UPDATE`, [
          seen.id,
          seen.lease_token,
        ])
      ).rows[0];
      if (!r) return 0;
      if (r.cancel_requested_at !== null) await finish(c, r, 'cancelled', null, LEASE_EXPIRED, now);
      else if (r.attempts >= r.max_attempts) {
        await finish(c, r, 'failed', null, `${LEASE_EXPIRED} (attempt ${r.attempts} of ${r.max_attempts})`, now);
      }
      // Its original run_after keeps it at the front of the queue.
      else await c.query(REQUEUE, [r.id, 0, r.run_after, LEASE_EXPIRED]);
      return 1;
    });

  const requeueExpired = async (): Promise<number> => {
    const now = new Date();
    const { rows } = await db.query<TaskRow>(`SELECT * FROM tasks WHERE state = 'active' AND lease_expires_at <= $1`, [now.toISOString()]);
    let n = 0;
    for (const r of rows) n += await recoverOne(r, now);
    return n;
  };

  const claim = (req: ClaimRequest) =>
    transaction(db, async (c): Promise<ClaimedTask[]> => {
      // The teams whose claim locks are free now; another process is claiming for the
      // others, and this one takes what it can elsewhere rather than wait. Started at a
      // random team so that processes spread out. Only when every team is taken does it
      // wait, for one: holding no lock while waiting, it cannot deadlock.
      const waiting = [...req.teamLimits.keys()];
      if (!waiting.length) return [];
      const from = Math.floor(Math.random() * waiting.length);
      const order = [...waiting.slice(from), ...waiting.slice(0, from)];
      const mine = (
        await c.query<{ team: string }>(
          `SELECT team FROM unnest($2::text[]) WITH ORDINALITY AS u(team, i)
            WHERE pg_try_advisory_xact_lock($1, hashtext(team)) ORDER BY i`,
          [CLAIM_LOCK, order],
        )
      ).rows.map((r) => r.team);
      if (!mine.length) {
        await c.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [CLAIM_LOCK, order[0]]);
        mine.push(order[0]!);
      }
      const teamLimits = new Map(mine.map((t) => [t, req.teamLimits.get(t)!] as const));
      const now = new Date();
      const nowIso = now.toISOString();
      const activeOfTeam = new Map<string, number>();
      const activeOfJob = new Map<string, number>();
      // Read after taking the locks, so it includes every claim of these teams committed before.
      const groupsActive = await c.query<{ team_id: string; job_id: string | null; n: number }>(
        `SELECT team_id, job_id, COUNT(*) AS n FROM tasks WHERE state = 'active' AND team_id = ANY($1::text[]) GROUP BY team_id, job_id`,
        [mine],
      );
      for (const g of groupsActive.rows) {
        activeOfTeam.set(g.team_id, (activeOfTeam.get(g.team_id) ?? 0) + g.n);
        if (g.job_id !== null) activeOfJob.set(g.job_id, g.n);
      }
      const jobLimits = new Map<string, number | null>();
      const loadJobLimit = async (jobId: string) => {
        if (!jobLimits.has(jobId)) {
          const r = await c.query<{ max_concurrency: number | null }>('SELECT max_concurrency FROM jobs WHERE id = $1', [jobId]);
          jobLimits.set(jobId, r.rows[0]?.max_concurrency ?? null);
        }
      };
      const fits = (teamId: string, jobId: string | null) => {
        if ((activeOfTeam.get(teamId) ?? 0) >= (teamLimits.get(teamId) ?? 0)) return false;
        if (jobId === null) return true;
        const limit = jobLimits.get(jobId) ?? null;
        return limit === null || (activeOfJob.get(jobId) ?? 0) < limit;
      };
      // Two statements rather than IS NOT DISTINCT FROM, which no index serves.
      const headOf = async (teamId: string, jobId: string | null) =>
        (
          await c.query<Head>(
            `SELECT id, run_after, seq FROM tasks
              WHERE state = 'queued' AND team_id = $1 AND ${jobId === null ? 'job_id IS NULL AND $2::text IS NULL' : 'job_id = $2'}
                AND run_after <= $3 AND kind = ANY($4::text[])
              ORDER BY run_after, seq LIMIT 1`,
            [teamId, jobId, nowIso, req.kinds],
          )
        ).rows[0];

      let groups: Group[] = [];
      for (const teamId of teamLimits.keys()) {
        if (!fits(teamId, null)) continue;
        // Tasks without a job first, then each job of the team with queued work.
        let jobId: string | null | undefined = null;
        while (jobId !== undefined) {
          if (jobId !== null) await loadJobLimit(jobId);
          const head = fits(teamId, jobId) ? await headOf(teamId, jobId) : undefined;
          if (head) groups.push({ teamId, jobId, head });
          const next: { job_id: string } | undefined = (
            await c.query<{ job_id: string }>(
              `SELECT job_id FROM tasks WHERE state = 'queued' AND team_id = $1 AND job_id > $2 ORDER BY job_id LIMIT 1`,
              [teamId, jobId ?? ''],
            )
          ).rows[0];
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
          const row = (
            await c.query<TaskRow>(
              `UPDATE tasks SET state = 'active', attempts = attempts + 1, lease_owner = $1, lease_token = $2,
                      lease_expires_at = $3, started_at = $4
                WHERE id = $5 AND state = 'queued' RETURNING *`,
              [req.owner, token, leaseExpiresAt, nowIso, g.head.id],
            )
          ).rows[0];
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
    });

  return {
    async enqueue(tasks) {
      return transaction(db, async (c) => {
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
          const r = await c.query(
            `INSERT INTO tasks (id, kind, team_id, job_id, payload, state, max_attempts, run_after, created_at)
             VALUES ($1, $2, $3, $4, $5, 'queued', $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
            [
              id,
              t.kind,
              t.teamId,
              jobId,
              JSON.stringify(t.payload ?? null),
              t.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
              iso(now + (t.delayMs ?? 0)),
              iso(now),
            ],
          );
          if (r.rowCount && jobId !== null) added.set(jobId, (added.get(jobId) ?? 0) + 1);
        }
        for (const [jobId, n] of added) await c.query('UPDATE jobs SET total = total + $1 WHERE id = $2', [n, jobId]);
        return ids;
      });
    },
    requeueExpired,
    async waitingTeams() {
      const teams: string[] = [];
      let team: string | undefined = '';
      for (;;) {
        const r: { team_id: string } | undefined = (
          await db.query<{ team_id: string }>(
            `SELECT team_id FROM tasks WHERE state = 'queued' AND team_id > $1 ORDER BY team_id LIMIT 1`,
            [team],
          )
        ).rows[0];
        if (!r) return teams;
        team = r.team_id;
        teams.push(team);
      }
    },
    claim,
    async heartbeat(lease, leaseMs) {
      const r = await db.query(`UPDATE tasks SET lease_expires_at = $1 WHERE id = $2 AND lease_token = $3 AND state = 'active'`, [
        iso(Date.now() + leaseMs),
        lease.taskId,
        lease.token,
      ]);
      return r.rowCount === 1;
    },
    async complete(lease, result) {
      return transaction(db, async (c) => {
        const row = await leased(c, lease);
        if (!row) return false;
        await finish(c, row, 'completed', result === undefined ? null : (JSON.stringify(result) ?? null), null, new Date());
        return true;
      });
    },
    async fail(lease, error, retryDelayMs) {
      return transaction(db, async (c): Promise<FailOutcome> => {
        const row = await leased(c, lease);
        if (!row) return 'lost';
        const now = new Date();
        if (row.cancel_requested_at !== null) {
          await finish(c, row, 'cancelled', null, error, now);
          return 'cancelled';
        }
        if (row.attempts < row.max_attempts) {
          await c.query(REQUEUE, [row.id, 0, iso(now.getTime() + retryDelayMs(row.attempts)), error]);
          return 'retrying';
        }
        await finish(c, row, 'failed', null, error, now);
        return 'failed';
      });
    },
    async release(lease) {
      return transaction(db, async (c) => {
        const row = await leased(c, lease);
        if (!row) return false;
        if (row.cancel_requested_at !== null) await finish(c, row, 'cancelled', null, row.error, new Date());
        else await c.query(REQUEUE, [row.id, 1, row.run_after, row.error]);
        return true;
      });
    },
    async cancelJob(jobId) {
      return transaction(db, async (c) => {
        const now = new Date().toISOString();
        await lockJob(c, jobId);
        await c.query(`UPDATE jobs SET status = 'cancelled', completed_at = $1, expires_at = $2 WHERE id = $3 AND status = 'running'`, [
          now,
          iso(Date.now() + retentionMs),
          jobId,
        ]);
        const dropped = await c.query(
          `UPDATE tasks SET state = 'cancelled', cancel_requested_at = $1, finished_at = $1 WHERE job_id = $2 AND state = 'queued'`,
          [now, jobId],
        );
        await c.query(`UPDATE tasks SET cancel_requested_at = $1 WHERE job_id = $2 AND state = 'active'`, [now, jobId]);
        return dropped.rowCount ?? 0;
      });
    },
    /**
     * Other processes may be running the active tasks of a shared database, so
     * only runs whose lease expired are taken back (what requeueExpired does
     * anyway): a killed worker's tasks are redone once its leases run out.
     */
    async recoverOrphans() {
      const n = await requeueExpired();
      const now = new Date();
      const { rows } = await db.query<{ id: string }>(
        `SELECT id FROM jobs j WHERE status = 'running' AND created_at <= $1
            AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.job_id = j.id AND t.state IN ('queued', 'active'))`,
        [iso(now.getTime() - ABANDONED_AFTER_MS)],
      );
      for (const { id } of rows) {
        await transaction(db, async (c) => {
          await lockJob(c, id);
          await settle(c, id, now);
        });
      }
      return n;
    },
    async counts(teamId) {
      const { rows } = await db.query<{ queued: number; active: number; last: string | null }>(
        `SELECT (SELECT COUNT(*) FROM tasks WHERE team_id = $1 AND state = 'queued') AS queued,
                (SELECT COUNT(*) FROM tasks WHERE team_id = $1 AND state = 'active') AS active,
                (SELECT MAX(finished_at) FROM tasks WHERE team_id = $1 AND state = 'completed') AS last`,
        [teamId],
      );
      const r = rows[0]!;
      return { queued: r.queued, active: r.active, mostRecentSuccess: r.last };
    },
    async get<P>(id: string) {
      const r = (await db.query<TaskRow>('SELECT * FROM tasks WHERE id = $1', [id])).rows[0];
      return r ? toTask<P>(r) : null;
    },
    async purgeExpired(now) {
      const r = await db.query(
        `DELETE FROM tasks WHERE job_id IS NULL AND state IN ('completed', 'failed', 'cancelled') AND finished_at <= $1`,
        [iso(now.getTime() - retentionMs)],
      );
      return r.rowCount ?? 0;
    },
  };
}
