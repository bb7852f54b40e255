import type { Store } from '../store.js';
import type { PoolLog } from './database.js';
import { createPostgresAgentStore } from './agents.js';
import { createPostgresBrowserSessionStore } from './browser-sessions.js';
import { createPostgresChangeStore } from './changes.js';
import { createPostgresCrawlStore } from './crawls.js';
import { migrate, openPool } from './database.js';
import { createPostgresExtractStore } from './extracts.js';
import { createPostgresIdempotencyStore } from './idempotency.js';
import { createPostgresJobStore } from './jobs.js';
import { createPostgresLedgerStore } from './ledger.js';
import { createPostgresMonitorStore } from './monitors.js';
import { createPostgresPageStore } from './pages.js';
import { createPostgresJobResultStore } from './results.js';
import { createPostgresArtifactStore, createPostgresScrapeStore } from './scrapes.js';
import { createPostgresActivityStore, createPostgresFeedbackStore, createPostgresTeamSettingStore, createPostgresAgentThreadStore } from './team-records.js';
import { createPostgresTaskStore } from './tasks.js';
import { createPostgresTeamStore } from './teams.js';
import { createPostgresWebhookOutbox } from './webhooks.js';

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
  const jobRetentionMs = opts.jobRetentionMs ?? 24 * 3600_000;
  const pool = openPool(databaseUrl, opts.maxConnections ?? 10, opts.log);
  try {
    await migrate(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  return {
    kind: 'postgres',
    teams: createPostgresTeamStore(pool),
    ledger: createPostgresLedgerStore(pool),
    idempotency: createPostgresIdempotencyStore(pool),
    jobs: createPostgresJobStore(pool, jobRetentionMs),
    tasks: createPostgresTaskStore(pool, jobRetentionMs),
    results: createPostgresJobResultStore(pool),
    crawls: createPostgresCrawlStore(pool),
    scrapes: createPostgresScrapeStore(pool),
    artifacts: createPostgresArtifactStore(pool),
    webhooks: createPostgresWebhookOutbox(pool),
    pages: createPostgresPageStore(pool),
    changes: createPostgresChangeStore(pool),
    monitors: createPostgresMonitorStore(pool),
    browserSessions: createPostgresBrowserSessionStore(pool),
    extracts: createPostgresExtractStore(pool),
    agents: createPostgresAgentStore(pool),
    activity: createPostgresActivityStore(pool),
    feedback: createPostgresFeedbackStore(pool),
    teamSettings: createPostgresTeamSettingStore(pool),
    agentThreads: createPostgresAgentThreadStore(pool),
    async close() {
      await pool.end();
    },
  };
}
