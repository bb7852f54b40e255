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
  const db = new Database(path.join(s.dataDir, 'trawl.sqlite'));
  try {
    if (params.length) db.prepare(sql).run(...params);
    else db.exec(sql);
  } finally {
    db.close();
  }
}
