import type { Document } from '../../scrape/document.js';
import type { JobPageError, JobResultStore } from '../results.js';
import type { Db } from './database.js';

export function createSqliteJobResultStore(db: Db): JobResultStore {
  const q = {
    // The WHERE makes the parser read ON CONFLICT as an upsert clause, not a join constraint.
    addDocument: db.prepare(
      `INSERT INTO job_documents (job_id, seq, task_id, document, bytes, credits_used, created_at)
       SELECT @jobId, coalesce(max(seq) + 1, 0), @taskId, @document, @bytes, @credits, @now
         FROM job_documents WHERE job_id = @jobId
       ON CONFLICT (task_id) DO NOTHING`,
    ),
    addError: db.prepare(
      `INSERT INTO job_errors (job_id, task_id, url, code, error, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (task_id) DO NOTHING`,
    ),
    addRobotsBlocked: db.prepare(
      `INSERT INTO job_robots_blocked (job_id, url) SELECT ?, value FROM json_each(?) WHERE true
       ON CONFLICT (job_id, url) DO NOTHING`,
    ),
    documentOf: db.prepare('SELECT document FROM job_documents WHERE task_id = ?').pluck(),
    errorOf: db.prepare(
      'SELECT task_id AS id, url, code, error, created_at AS timestamp FROM job_errors WHERE task_id = ?',
    ),
    page: db.prepare(
      'SELECT document, bytes FROM job_documents WHERE job_id = ? AND seq >= ? ORDER BY seq LIMIT ?',
    ),
    totals: db.prepare('SELECT documents, credits_used FROM job_result_totals WHERE job_id = ?'),
    errors: db.prepare(
      `SELECT task_id AS id, url, code, error, created_at AS timestamp FROM job_errors WHERE job_id = @jobId
       UNION ALL
       SELECT t.id, json_extract(t.payload, '$.url'), 'UNKNOWN_ERROR', coalesce(t.error, 'The page failed'), t.finished_at
         FROM tasks t
        WHERE t.job_id = @jobId AND t.state = 'failed' AND json_extract(t.payload, '$.url') IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM job_errors e WHERE e.task_id = t.id)
       ORDER BY timestamp`,
    ),
    robotsBlocked: db.prepare('SELECT url FROM job_robots_blocked WHERE job_id = ? ORDER BY rowid').pluck(),
  };

  // One read transaction: the count must not include a document the page
  // missed, or a client would be told of documents it can never fetch.
  const page = db.transaction((jobId: string, skip: number, limit: number, maxBytes: number) => {
    const documents: string[] = [];
    let bytes = 0;
    for (const row of q.page.iterate(jobId, skip, limit) as Iterable<{ document: string; bytes: number }>) {
      // The comma between documents counts too.
      const next = bytes + row.bytes + (documents.length ? 1 : 0);
      if (documents.length && next > maxBytes) break;
      documents.push(row.document);
      bytes = next;
    }
    const totals = q.totals.get(jobId) as { documents: number; credits_used: number } | undefined;
    return { documents, documentCount: totals?.documents ?? 0, creditsUsed: totals?.credits_used ?? 0 };
  });

  return {
    async addDocument(jobId, taskId, document) {
      const json = JSON.stringify(document);
      return (
        q.addDocument.run({
          jobId,
          taskId,
          document: json,
          bytes: Buffer.byteLength(json),
          credits: document.metadata.creditsUsed ?? 0,
          now: new Date().toISOString(),
        }).changes === 1
      );
    },
    async addError(jobId, e) {
      const at = (e.at ?? new Date()).toISOString();
      return q.addError.run(jobId, e.taskId, e.url, e.code ?? null, e.error, at).changes === 1;
    },
    async addRobotsBlocked(jobId, urls) {
      if (urls.length) q.addRobotsBlocked.run(jobId, JSON.stringify(urls));
    },
    async outcome(taskId) {
      const document = q.documentOf.get(taskId) as string | undefined;
      if (document !== undefined) return { document: JSON.parse(document) as Document };
      const error = q.errorOf.get(taskId) as JobPageError | undefined;
      return error ? { error } : null;
    },
    async page(jobId, { skip, limit, maxBytes }) {
      // LIMIT -1 is SQLite for "no limit".
      return page(jobId, skip, limit ?? -1, maxBytes);
    },
    async errors(jobId) {
      return q.errors.all({ jobId }) as JobPageError[];
    },
    async robotsBlocked(jobId) {
      return q.robotsBlocked.all(jobId) as string[];
    },
  };
}
