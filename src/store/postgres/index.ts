import { createSqlStore } from '../sql/store.js';
import type { Store } from '../store.js';
import { migrate, openPool, postgresSql, type PoolLog } from './database.js';
import { createPostgresPageStore } from './pages.js';

export interface PostgresStoreOptions {
  /** How long ended jobs are kept (TRAWL_JOB_RETENTION_HOURS); 24 hours by default. */
  jobRetentionMs?: number;
  /** Connections this process keeps open at most. */
  maxConnections?: number;
  /** Where lost and regained connections are reported. */
  log?: PoolLog;
}

/**
 * Storage shared by any number of Trawl processes: no ownership lock (each
 * atomic step locks what it touches instead), migrations applied at start by
 * whichever process gets there first.
 */
export async function createPostgresStore(databaseUrl: string, opts: PostgresStoreOptions = {}): Promise<Store> {
  const pool = openPool(databaseUrl, opts.maxConnections ?? 10, opts.log);
  try {
    await migrate(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  return createSqlStore(postgresSql(pool), {
    kind: 'postgres',
    jobRetentionMs: opts.jobRetentionMs ?? 24 * 3600_000,
    exclusive: false,
    pages: createPostgresPageStore(pool),
    async close() {
      await pool.end();
    },
  });
}
