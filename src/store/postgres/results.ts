import type pg from 'pg';
import type { Document } from '../../scrape/document.js';
import type { JobPageError, JobResultStore } from '../results.js';
import { transaction } from './database.js';

const ERROR_COLUMNS = 'task_id AS id, url, code, error, created_at AS timestamp';

export function createPostgresJobResultStore(db: pg.Pool): JobResultStore {
  return {
    async addDocument(jobId, taskId, document) {
      const json = JSON.stringify(document);
      return transaction(db, async (c) => {
        // Pages of one job finish on several processes at once: each takes the
        // next seq in turn, so the sequence stays without gaps or collisions.
        await c.query(`SELECT pg_advisory_xact_lock(hashtextextended('job_documents:' || $1, 0))`, [jobId]);
        const r = await c.query(
          `INSERT INTO job_documents (job_id, seq, task_id, document, bytes, credits_used, created_at)
           SELECT $1, coalesce(max(seq) + 1, 0), $2, $3, $4, $5, $6 FROM job_documents WHERE job_id = $1
           ON CONFLICT (task_id) DO NOTHING`,
          [jobId, taskId, json, Buffer.byteLength(json), document.metadata.creditsUsed ?? 0, new Date().toISOString()],
        );
        return r.rowCount === 1;
      });
    },
    async addError(jobId, e) {
      const at = (e.at ?? new Date()).toISOString();
      const r = await db.query(
        `INSERT INTO job_errors (job_id, task_id, url, code, error, created_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (task_id) DO NOTHING`,
        [jobId, e.taskId, e.url, e.code ?? null, e.error, at],
      );
      return r.rowCount === 1;
    },
    async addRobotsBlocked(jobId, urls) {
      if (!urls.length) return;
      await db.query(
        `INSERT INTO job_robots_blocked (job_id, url) SELECT $1, u FROM unnest($2::text[]) WITH ORDINALITY AS x(u, n) ORDER BY n
         ON CONFLICT (job_id, url) DO NOTHING`,
        [jobId, urls],
      );
    },
    async outcome(taskId) {
      const doc = (await db.query<{ document: string }>('SELECT document FROM job_documents WHERE task_id = $1', [taskId])).rows[0];
      if (doc) return { document: JSON.parse(doc.document) as Document };
      const error = (await db.query<JobPageError>(`SELECT ${ERROR_COLUMNS} FROM job_errors WHERE task_id = $1`, [taskId])).rows[0];
      return error ? { error } : null;
    },
    async page(jobId, { skip, limit, maxBytes }) {
      // One snapshot: the count must not include a document the page missed,
      // or a client would be told of documents it can never fetch.
      return transaction(
        db,
        async (c) => {
          const documents: string[] = [];
          let bytes = 0;
          // Fetched in batches so that the byte budget stops reading early on large jobs.
          const batch = 100;
          let seq = skip;
          let left = limit ?? Infinity;
          outer: while (left > 0) {
            const n = Math.min(batch, left);
            const { rows } = await c.query<{ document: string; bytes: number; seq: number }>(
              'SELECT document, bytes, seq FROM job_documents WHERE job_id = $1 AND seq >= $2::bigint ORDER BY seq LIMIT $3',
              [jobId, seq, n],
            );
            for (const row of rows) {
              // The comma between documents counts too.
              const next = bytes + row.bytes + (documents.length ? 1 : 0);
              if (documents.length && next > maxBytes) break outer;
              documents.push(row.document);
              bytes = next;
              seq = row.seq + 1;
            }
            if (rows.length < n) break;
            left -= rows.length;
          }
          const totals = (
            await c.query<{ documents: number; credits_used: number }>(
              'SELECT documents, credits_used FROM job_result_totals WHERE job_id = $1',
              [jobId],
            )
          ).rows[0];
          return { documents, documentCount: totals?.documents ?? 0, creditsUsed: totals?.credits_used ?? 0 };
        },
        'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
      );
    },
    async errors(jobId) {
      const { rows } = await db.query<JobPageError>(
        `SELECT ${ERROR_COLUMNS} FROM job_errors WHERE job_id = $1
         UNION ALL
         SELECT t.id, t.payload::jsonb ->> 'url', 'UNKNOWN_ERROR', coalesce(t.error, 'The page failed'), t.finished_at
           FROM tasks t
          WHERE t.job_id = $1 AND t.state = 'failed' AND t.payload::jsonb ->> 'url' IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM job_errors e WHERE e.task_id = t.id)
         ORDER BY timestamp`,
        [jobId],
      );
      return rows;
    },
    async robotsBlocked(jobId) {
      const { rows } = await db.query<{ url: string }>('SELECT url FROM job_robots_blocked WHERE job_id = $1 ORDER BY seq', [jobId]);
      return rows.map((r) => r.url);
    },
  };
}
