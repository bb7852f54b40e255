import type { Admission, CrawlStore, FrontierEntry } from '../crawls.js';
import type { Db } from './database.js';

export function createSqliteCrawlStore(db: Db): CrawlStore {
  const q = {
    ensure: db.prepare('INSERT INTO crawls (job_id) VALUES (?) ON CONFLICT (job_id) DO NOTHING'),
    admitted: db.prepare('SELECT admitted FROM crawls WHERE job_id = ?').pluck(),
    existing: db.prepare('SELECT url_key AS key, url, depth, parent FROM crawl_frontier WHERE job_id = ? AND url_key = ?'),
    insert: db.prepare('INSERT INTO crawl_frontier (job_id, url_key, url, depth, parent) VALUES (?, ?, ?, ?, ?)'),
    addAdmitted: db.prepare('UPDATE crawls SET admitted = admitted + ? WHERE job_id = ?'),
    setDelay: db.prepare(
      'INSERT INTO crawls (job_id, delay_ms) VALUES (?, ?) ON CONFLICT (job_id) DO UPDATE SET delay_ms = excluded.delay_ms',
    ),
    oneAtATime: db.prepare('UPDATE jobs SET max_concurrency = 1 WHERE id = ?'),
    delay: db.prepare('SELECT delay_ms FROM crawls WHERE job_id = ?').pluck(),
  };

  const admit = db.transaction((jobId: string, parent: string, limit: number, candidates: FrontierEntry[]): Admission => {
    q.ensure.run(jobId);
    const room = limit - (q.admitted.get(jobId) as number);
    let inserted = 0;
    const out: FrontierEntry[] = [];
    const seen = new Set<string>();
    for (const c of candidates) {
      if (seen.has(c.key)) continue;
      seen.add(c.key);
      const row = q.existing.get(jobId, c.key) as (FrontierEntry & { parent: string }) | undefined;
      if (row) {
        if (row.parent === parent) out.push({ key: row.key, url: row.url, depth: row.depth });
        continue;
      }
      // Not a break: entries this parent admitted earlier may still follow.
      if (inserted >= room) continue;
      q.insert.run(jobId, c.key, c.url, c.depth, parent);
      inserted++;
      out.push({ key: c.key, url: c.url, depth: c.depth });
    }
    if (inserted) q.addAdmitted.run(inserted, jobId);
    return { entries: out, full: inserted >= room };
  });

  const setDelay = db.transaction((jobId: string, delayMs: number) => {
    q.setDelay.run(jobId, delayMs);
    q.oneAtATime.run(jobId);
  });

  return {
    async admit(jobId, parent, limit, candidates) {
      return admit.immediate(jobId, parent, limit, candidates);
    },
    async setDelay(jobId, delayMs) {
      setDelay.immediate(jobId, delayMs);
    },
    async delayMs(jobId) {
      return (q.delay.get(jobId) as number | null | undefined) ?? null;
    },
  };
}
