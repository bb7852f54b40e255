import type { Admission, CrawlStore, FrontierEntry } from '../crawls.js';
import type { Sql } from './sql.js';

export function createCrawlStore(sql: Sql): CrawlStore {
  return {
    async admit(jobId, parent, limit, candidates) {
      return sql.tx(async (c): Promise<Admission> => {
        await c.run('INSERT INTO crawls (job_id) VALUES (?) ON CONFLICT (job_id) DO NOTHING', [jobId]);
        // The crawl's row lock: pages of one crawl admitted on several processes take turns,
        // and each sees the frontier as the one before it left it.
        const { admitted } = (await c.one<{ admitted: number }>(`SELECT admitted FROM crawls WHERE job_id = ?${c.dialect.forUpdate}`, [jobId]))!;
        const room = limit - admitted;
        const seen = new Set<string>();
        const unique = candidates.filter((cand) => !seen.has(cand.key) && seen.add(cand.key));
        const existing = new Map(
          (
            await c.all<FrontierEntry & { parent: string }>(
              `SELECT url_key AS key, url, depth, parent FROM crawl_frontier WHERE job_id = ? AND ${c.dialect.inList('url_key')}`,
              [jobId, unique.map((u) => u.key)],
            )
          ).map((r) => [r.key, r]),
        );
        const out: FrontierEntry[] = [];
        const fresh: FrontierEntry[] = [];
        for (const cand of unique) {
          const row = existing.get(cand.key);
          if (row) {
            if (row.parent === parent) out.push({ key: row.key, url: row.url, depth: row.depth });
            continue;
          }
          // Not a break: entries this parent admitted earlier may still follow.
          if (fresh.length >= room) continue;
          fresh.push({ key: cand.key, url: cand.url, depth: cand.depth });
          out.push(fresh.at(-1)!);
        }
        if (fresh.length) {
          // One statement for the lot: the crawl's lock is held meanwhile.
          const { jsonRows, jsonText } = c.dialect;
          await c.run(
            `INSERT INTO crawl_frontier (job_id, url_key, url, depth, parent)
             SELECT ?, ${jsonText('value', 'key')}, ${jsonText('value', 'url')}, CAST(${jsonText('value', 'depth')} AS INTEGER), ? FROM ${jsonRows}`,
            [jobId, parent, JSON.stringify(fresh)],
          );
          await c.run('UPDATE crawls SET admitted = admitted + ? WHERE job_id = ?', [fresh.length, jobId]);
        }
        return { entries: out, full: fresh.length >= room };
      });
    },
    async setDelay(jobId, delayMs) {
      await sql.tx(async (c) => {
        await c.run('INSERT INTO crawls (job_id, delay_ms) VALUES (?, ?) ON CONFLICT (job_id) DO UPDATE SET delay_ms = excluded.delay_ms', [jobId, delayMs]);
        await c.run('UPDATE jobs SET max_concurrency = 1 WHERE id = ?', [jobId]);
      });
    },
    async delayMs(jobId) {
      return (await sql.one<{ delay_ms: number | null }>('SELECT delay_ms FROM crawls WHERE job_id = ?', [jobId]))?.delay_ms ?? null;
    },
  };
}
