import { createSqlStore } from '../sql/store.js';
import type { Store } from '../store.js';
import { startCheckpointer } from './checkpointer.js';
import { openDatabase, sqliteSql } from './database.js';
import { acquireDataDirLock } from './lock.js';
import { createSqlitePageStore } from './pages.js';

export interface SqliteStoreOptions {
  /** False for operator commands that share the database with a running server. */
  exclusive?: boolean;
  /** How long ended jobs are kept (TRAWL_JOB_RETENTION_HOURS); 24 hours by default. */
  jobRetentionMs?: number;
}

/**
 * The embedded default: one SQLite file under the data directory, owned by one
 * process at a time (the lock), which is what lets a restarted process treat
 * every job it finds running as orphaned by the crash.
 */
export function createSqliteStore(dataDir: string, opts: SqliteStoreOptions = {}): Store {
  // Operator commands (keys) share the database with a running server, which
  // SQLite's own locking makes safe; only job-running processes need the lock.
  const release = opts.exclusive === false ? () => {} : acquireDataDirLock(dataDir);
  let db;
  try {
    db = openDatabase(dataDir);
  } catch (err) {
    release();
    throw err;
  }
  const opened = db;
  // A process sharing the database for a moment (the keys CLI) leaves the WAL to the server's.
  const sql = sqliteSql(opened, opts.exclusive === false ? undefined : startCheckpointer(opened));
  return createSqlStore(sql, {
    kind: 'sqlite',
    jobRetentionMs: opts.jobRetentionMs ?? 24 * 3600_000,
    exclusive: opts.exclusive !== false,
    pages: createSqlitePageStore(sql),
    async close() {
      await sql.close();
      release();
    },
  });
}
