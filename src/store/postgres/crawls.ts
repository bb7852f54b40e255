import type pg from 'pg';
import type { Admission, CrawlStore, FrontierEntry } from '../crawls.js';
import { transaction } from './database.js';

export function createPostgresCrawlStore(db: pg.Pool): CrawlStore {
  return {
    async admit(jobId, parent, limit, candidates) {
      return transaction(db, async (c): Promise<Admission> => {
        await c.query('INSERT INTO crawls (job_id) VALUES ($1) ON CONFLICT (job_id) DO NOTHING', [jobId]);
        // The crawl's row lock: pages of one crawl admitted on several processes take turns,
        // and each sees the frontier as the one before it left it.
        const admitted = (await c.query<{ admitted: number }>('SELECT admitted FROM crawls WHERE job_id = $1 FOR UPDATE', [jobId]))
          .rows[0]!.admitted;
        const room = limit - admitted;
        const seen = new Set<string>();
        const unique = candidates.filter((cand) => !seen.has(cand.key) && seen.add(cand.key));
        const existing = new Map(
          (
            await c.query<FrontierEntry & { parent: string }>(
              'SELECT url_key AS key, url, depth, parent FROM crawl_frontier WHERE job_id = $1 AND url_key = ANY($2::text[])',
              [jobId, unique.map((u) => u.key)],
            )
          ).rows.map((r) => [r.key, r]),
        );
        let inserted = 0;
        const out: FrontierEntry[] = [];
        const fresh: FrontierEntry[] = [];
        for (const cand of unique) {
          const row = existing.get(cand.key);
          if (row) {
            if (row.parent === parent) out.push({ key: row.key, url: row.url, depth: row.depth });
            continue;
          }
          // Not a break: entries this parent admitted earlier may still follow.
          if (inserted >= room) continue;
          inserted++;
          fresh.push(cand);
          out.push({ key: cand.key, url: cand.url, depth: cand.depth });
        }
        if (inserted) {
          await c.query(
            `INSERT INTO crawl_frontier (job_id, url_key, url, depth, parent)
             SELECT $1, k, u, d, $5 FROM unnest($2::text[], $3::text[], $4::int[]) AS x(k, u, d)`,
            [jobId, fresh.map((f) => f.key), fresh.map((f) => f.url), fresh.map((f) => f.depth), parent],
          );
          await c.query('UPDATE crawls SET admitted = admitted + $1 WHERE job_id = $2', [inserted, jobId]);
        }
        return { entries: out, full: inserted >= room };
      });
    },
    async setDelay(jobId, delayMs) {
      await transaction(db, async (c) => {
        await c.query(
          'INSERT INTO crawls (job_id, delay_ms) VALUES ($1, $2) ON CONFLICT (job_id) DO UPDATE SET delay_ms = excluded.delay_ms',
          [jobId, delayMs],
        );
        await c.query('UPDATE jobs SET max_concurrency = 1 WHERE id = $1', [jobId]);
      });
    },
    async delayMs(jobId) {
      return (await db.query<{ delay_ms: number | null }>('SELECT delay_ms FROM crawls WHERE job_id = $1', [jobId])).rows[0]?.delay_ms ?? null;
    },
  };
}
