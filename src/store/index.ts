import type { Config } from '../config.js';
import type { PoolLog } from './postgres/database.js';
import { createPostgresStore } from './postgres/index.js';
import { createSqliteStore } from './sqlite/index.js';
import type { Store } from './store.js';

/**
 * The store the configuration asks for: PostgreSQL when DATABASE_URL is set
 * (shared by any number of processes), else the SQLite file under the data
 * directory. `exclusive: false` is for operator commands beside a running
 * server; PostgreSQL never takes an ownership lock.
 */
export async function createStore(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'jobRetentionMs'>,
  opts: { exclusive?: boolean; log?: PoolLog } = {},
): Promise<Store> {
  if (config.databaseUrl) return createPostgresStore(config.databaseUrl, { jobRetentionMs: config.jobRetentionMs, log: opts.log });
  return createSqliteStore(config.dataDir, { jobRetentionMs: config.jobRetentionMs, exclusive: opts.exclusive });
}
