import type { Store } from '../store.js';
import { createSqliteAgentStore } from './agents.js';
import { createSqliteBrowserSessionStore } from './browser-sessions.js';
import { createSqliteChangeStore } from './changes.js';
import { createSqliteCrawlStore } from './crawls.js';
import { openDatabase } from './database.js';
import { createSqliteExtractStore } from './extracts.js';
import { createSqliteIdempotencyStore } from './idempotency.js';
import { createSqliteJobStore } from './jobs.js';
import { createSqliteLedgerStore } from './ledger.js';
import { createSqliteMonitorStore } from './monitors.js';
import { acquireDataDirLock } from './lock.js';
import { createSqlitePageStore } from './pages.js';
import { createSqliteJobResultStore } from './results.js';
import { createSqliteArtifactStore, createSqliteScrapeStore } from './scrapes.js';
import { createSqliteActivityStore, createSqliteFeedbackStore, createSqliteTeamSettingStore, createSqliteAgentThreadStore } from './team-records.js';
import { createSqliteTaskStore } from './tasks.js';
import { createSqliteTeamStore } from './teams.js';
import { createSqliteWebhookOutbox } from './webhooks.js';

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
  const jobRetentionMs = opts.jobRetentionMs ?? 24 * 3600_000;
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
  return {
    kind: 'sqlite',
    teams: createSqliteTeamStore(opened),
    ledger: createSqliteLedgerStore(opened),
    idempotency: createSqliteIdempotencyStore(opened),
    jobs: createSqliteJobStore(opened, jobRetentionMs),
    tasks: createSqliteTaskStore(opened, jobRetentionMs),
    results: createSqliteJobResultStore(opened),
    crawls: createSqliteCrawlStore(opened),
    scrapes: createSqliteScrapeStore(opened),
    artifacts: createSqliteArtifactStore(opened),
    webhooks: createSqliteWebhookOutbox(opened),
    pages: createSqlitePageStore(opened),
    changes: createSqliteChangeStore(opened),
    monitors: createSqliteMonitorStore(opened),
    browserSessions: createSqliteBrowserSessionStore(opened),
    extracts: createSqliteExtractStore(opened),
    agents: createSqliteAgentStore(opened),
    activity: createSqliteActivityStore(opened),
    feedback: createSqliteFeedbackStore(opened),
    teamSettings: createSqliteTeamSettingStore(opened),
    agentThreads: createSqliteAgentThreadStore(opened),
    async close() {
      opened.close();
      release();
    },
  };
}
