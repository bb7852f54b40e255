import type { ActivityStore } from './activity.js';
import type { AgentThreadStore } from './agent-threads.js';
import type { AgentStore } from './agents.js';
import type { ArtifactStore } from './artifacts.js';
import type { ChangeStore } from './changes.js';
import type { BrowserSessionStore } from './browser-sessions.js';
import type { CrawlStore } from './crawls.js';
import type { ExtractStore } from './extracts.js';
import type { FeedbackStore } from './feedback.js';
import type { IdempotencyStore } from './idempotency.js';
import type { JobStore } from './jobs.js';
import type { LedgerStore } from './ledger.js';
import type { MonitorStore } from './monitors.js';
import type { PageStore } from './pages.js';
import type { JobResultStore } from './results.js';
import type { ScrapeStore } from './scrapes.js';
import type { TaskStore } from './tasks.js';
import type { TeamSettingStore } from './team-settings.js';
import type { TeamStore } from './teams.js';
import type { WebhookOutbox } from './webhooks.js';

/**
 * The storage seam: the only place that knows SQL. Each concern has its own
 * sub-store so that callers ask for what they need; each is written once
 * (src/store/sql) and runs on SQLite and PostgreSQL alike.
 */
export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  teams: TeamStore;
  ledger: LedgerStore;
  idempotency: IdempotencyStore;
  jobs: JobStore;
  tasks: TaskStore;
  results: JobResultStore;
  crawls: CrawlStore;
  scrapes: ScrapeStore;
  artifacts: ArtifactStore;
  webhooks: WebhookOutbox;
  /** The local search index. */
  pages: PageStore;
  changes: ChangeStore;
  monitors: MonitorStore;
  browserSessions: BrowserSessionStore;
  extracts: ExtractStore;
  agents: AgentStore;
  /** The team's request log of the last day. */
  activity: ActivityStore;
  feedback: FeedbackStore;
  teamSettings: TeamSettingStore;
  agentThreads: AgentThreadStore;
  close(): Promise<void>;
}
