import type { JobPageError, JobResultStore, TaskOutcome } from '../results.js';
import type { Sql } from './sql.js';

const ERROR_COLUMNS = 'task_id AS id, url, code, error, created_at AS timestamp';
/** Documents read per statement while paging, so that the byte budget stops reading early on large jobs. */
const BATCH = 100;

export function createJobResultStore(sql: Sql): JobResultStore {
  const { jsonText, seq } = sql.dialect;
  return {
    async addDocument(jobId, taskId, document) {
      const json = JSON.stringify(document);
      return sql.tx(async (c) => {
        // Pages of one job finish on several processes at once: each takes the
        // next seq in turn, so the sequence stays without gaps or collisions.
        await c.lock(`job_documents:${jobId}`);
        // The job's totals go on with the row: they are read from its last document (031).
        // The WHERE makes SQLite read ON CONFLICT as an upsert clause, not a join constraint.
        const credits = document.metadata.creditsUsed ?? 0;
        const added = await c.run(
          `INSERT INTO job_documents (job_id, seq, task_id, document, bytes, credits_used, credits_total, created_at)
           SELECT ?, coalesce(last.seq + 1, 0), ?, ?, ?, ?, coalesce(last.credits_total, 0) + ?, ?
             FROM (SELECT 1 AS one) one
             LEFT JOIN (SELECT seq, credits_total FROM job_documents WHERE job_id = ? ORDER BY seq DESC LIMIT 1) last ON true
            WHERE true
           ON CONFLICT (task_id) DO NOTHING`,
          [jobId, taskId, json, Buffer.byteLength(json), credits, credits, new Date().toISOString(), jobId],
        );
        return added === 1;
      });
    },
    async addError(jobId, e) {
      const added = await sql.run(
        `INSERT INTO job_errors (job_id, task_id, url, code, error, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (task_id) DO NOTHING`,
        [jobId, e.taskId, e.url, e.code ?? null, e.error, (e.at ?? new Date()).toISOString()],
      );
      return added === 1;
    },
    async addRobotsBlocked(jobId, urls) {
      if (!urls.length) return;
      await sql.tx(async (c) => {
        for (const url of urls) {
          await c.run('INSERT INTO job_robots_blocked (job_id, url) VALUES (?, ?) ON CONFLICT (job_id, url) DO NOTHING', [jobId, url]);
        }
      });
    },
    async outcome(taskId) {
      // One statement, as every page of a job asks before it runs: its Document, or else its error.
      const rows = await sql.all<{ document: string | null } & JobPageError>(
        `SELECT document, NULL AS id, NULL AS url, NULL AS code, NULL AS error, NULL AS timestamp FROM job_documents WHERE task_id = ?
         UNION ALL
         SELECT NULL, ${ERROR_COLUMNS} FROM job_errors WHERE task_id = ?`,
        [taskId, taskId],
      );
      const doc = rows.find((r) => r.document !== null);
      if (doc) return { document: JSON.parse(doc.document!) } as TaskOutcome;
      if (!rows.length) return null;
      const { document: _, ...error } = rows[0]!;
      return { error };
    },
    async page(jobId, { skip, limit, maxBytes }) {
      // One snapshot: the count must not include a document the page missed,
      // or a client would be told of documents it can never fetch.
      return sql.tx(
        async (c) => {
          const documents: string[] = [];
          let bytes = 0;
          let from = skip;
          let left = limit ?? Infinity;
          outer: while (left > 0) {
            const n = Math.min(BATCH, left);
            const rows = await c.all<{ document: string; bytes: number; seq: number }>(
              'SELECT document, bytes, seq FROM job_documents WHERE job_id = ? AND seq >= CAST(? AS BIGINT) ORDER BY seq LIMIT ?',
              [jobId, from, n],
            );
            for (const row of rows) {
              // The comma between documents counts too.
              const next = bytes + row.bytes + (documents.length ? 1 : 0);
              if (documents.length && next > maxBytes) break outer;
              documents.push(row.document);
              bytes = next;
              from = row.seq + 1;
            }
            if (rows.length < n) break;
            left -= rows.length;
          }
          // seq counts from 0 without gaps, so the last document's is the count less one.
          const last = await c.one<{ seq: number; credits_total: number }>(
            'SELECT seq, credits_total FROM job_documents WHERE job_id = ? ORDER BY seq DESC LIMIT 1',
            [jobId],
          );
          return { documents, documentCount: last ? last.seq + 1 : 0, creditsUsed: last?.credits_total ?? 0 };
        },
        { snapshot: true },
      );
    },
    errors: (jobId) =>
      sql.all<JobPageError>(
        `SELECT ${ERROR_COLUMNS} FROM job_errors WHERE job_id = ?
         UNION ALL
         SELECT t.id, ${jsonText('t.payload', 'url')}, 'UNKNOWN_ERROR', coalesce(t.error, 'The page failed'), t.finished_at
           FROM tasks t
          WHERE t.job_id = ? AND t.state = 'failed' AND ${jsonText('t.payload', 'url')} IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM job_errors e WHERE e.task_id = t.id)
         ORDER BY timestamp`,
        [jobId, jobId],
      ),
    async robotsBlocked(jobId) {
      const rows = await sql.all<{ url: string }>(`SELECT url FROM job_robots_blocked WHERE job_id = ? ORDER BY ${seq}`, [jobId]);
      return rows.map((r) => r.url);
    },
  };
}
