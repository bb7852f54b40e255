import type { PageStore } from '../pages.js';
import type { Store } from '../store.js';
import { createAgentStore } from './agents.js';
import { createBrowserSessionStore } from './browser-sessions.js';
import { createChangeStore } from './changes.js';
import { createCrawlStore } from './crawls.js';
import { createExtractStore } from './extracts.js';
import { createIdempotencyStore } from './idempotency.js';
import { createJobStore } from './jobs.js';
import { createLedgerStore } from './ledger.js';
import { createMonitorStore } from './monitors.js';
import { createJobResultStore } from './results.js';
import { createArtifactStore, createScrapeStore } from './scrapes.js';
import type { Sql } from './sql.js';
import { createTaskStore } from './tasks.js';
import { createActivityStore, createAgentThreadStore, createFeedbackStore, createTeamSettingStore } from './team-records.js';
import { createTeamStore } from './teams.js';
import { createWebhookOutbox } from './webhooks.js';

export interface SqlStoreParts {
  kind: Store['kind'];
  /** How long ended jobs are kept (TRAWL_JOB_RETENTION_HOURS). */
  jobRetentionMs: number;
  /** This process alone runs the database's tasks (see createTaskStore). */
  exclusive: boolean;
  /** The search index, which each dialect answers with its own full-text search. */
  pages: PageStore;
  close(): Promise<void>;
}

/** Every sub-store over one SQL connection, whichever the dialect. */
export function createSqlStore(sql: Sql, parts: SqlStoreParts): Store {
  return {
    kind: parts.kind,
    teams: createTeamStore(sql),
    ledger: createLedgerStore(sql),
    idempotency: createIdempotencyStore(sql),
    jobs: createJobStore(sql, parts.jobRetentionMs),
    tasks: createTaskStore(sql, parts.jobRetentionMs, { exclusive: parts.exclusive }),
    results: createJobResultStore(sql),
    crawls: createCrawlStore(sql),
    scrapes: createScrapeStore(sql),
    artifacts: createArtifactStore(sql),
    webhooks: createWebhookOutbox(sql, { exclusive: parts.exclusive }),
    pages: parts.pages,
    changes: createChangeStore(sql),
    monitors: createMonitorStore(sql),
    browserSessions: createBrowserSessionStore(sql),
    extracts: createExtractStore(sql),
    agents: createAgentStore(sql),
    activity: createActivityStore(sql),
    feedback: createFeedbackStore(sql),
    teamSettings: createTeamSettingStore(sql, { exclusive: parts.exclusive }),
    agentThreads: createAgentThreadStore(sql),
    close: parts.close,
  };
}
