import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { TestServer } from './server.js';

/**
 * Runs SQL on a test server's database from outside, as a damaged database or
 * an operator would, whichever backend it is on. `?` placeholders, in
 * statements both SQLite and PostgreSQL understand.
 */
export async function rawSql(s: TestServer, sql: string, params: unknown[] = []): Promise<void> {
  const url = s.storageEnv.DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      let n = 0;
      // Without parameters, as one simple query: it may hold several statements.
      if (params.length) await client.query(sql.replace(/\?/g, () => `$${++n}`), params);
      else await client.query(sql);
    } finally {
      await client.end();
    }
    return;
  }
  // The server runs in this very thread and holds SQLite's write lock while a group
  // commit is open (until its next setImmediate): a busy wait here would block the turn
  // that commits it. So the lock is tried without waiting, and the turn given back
  // between tries.
  const db = new Database(path.join(s.dataDir, 'trawl.sqlite'), { timeout: 0 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        if (params.length) db.prepare(sql).run(...params);
        else db.exec(sql);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_BUSY' || attempt >= 1000) throw err;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  } finally {
    db.close();
  }
}
