/**
 * Wire shapes of the v2 API (contract: docs in the Trawl repository, sections
 * noted). Objects stay open (`[key: string]: unknown`) where the server may add
 * fields, so a newer server never breaks an older client's types.
 */

export type FormatString =
  | 'markdown' | 'html' | 'rawHtml' | 'links' | 'images' | 'summary' | 'screenshot'
  | 'changeTracking' | 'branding' | 'product' | 'menu' | 'audio' | 'video';

export type Format =
  | FormatString
  | { type: 'screenshot'; fullPage?: boolean; quality?: number; viewport?: { width: number; height: number } }
  | { type: 'json'; prompt?: string; schema?: Record<string, unknown> }
  | { type: 'changeTracking'; modes?: ('git-diff' | 'json')[]; schema?: Record<string, unknown>; prompt?: string; tag?: string | null }
  | { type: 'attributes'; selectors: { selector: string; attribute: string }[] }
  | { type: 'question'; question: string }
  | { type: 'highlights'; query: string }
  | { type: string; [key: string]: unknown };

export type Action =
  | { type: 'wait'; milliseconds?: number; selector?: string }
  | { type: 'click'; selector: string; all?: boolean }
  | { type: 'write'; text: string }
  | { type: 'press'; key: string }
  | { type: 'scroll'; direction?: 'up' | 'down'; selector?: string }
  | { type: 'screenshot'; fullPage?: boolean; quality?: number }
  | { type: 'scrape' }
  | { type: 'executeJavascript'; script: string }
  | { type: 'pdf'; format?: string; landscape?: boolean; scale?: number };

/** §2.1 */
export interface ScrapeOptions {
  formats?: Format[];
  onlyMainContent?: boolean;
  includeTags?: string[];
  excludeTags?: string[];
  headers?: Record<string, string>;
  waitFor?: number;
  mobile?: boolean;
  skipTlsVerification?: boolean;
  /** Milliseconds. */
  timeout?: number;
  parsers?: (string | { type: string; [key: string]: unknown })[];
  actions?: Action[];
  location?: { country?: string; languages?: string[] };
  removeBase64Images?: boolean;
  blockAds?: boolean;
  proxy?: 'basic' | 'enhanced' | 'stealth' | 'auto';
  maxAge?: number;
  minAge?: number;
  storeInCache?: boolean;
  lockdown?: boolean;
  fastMode?: boolean;
  zeroDataRetention?: boolean;
  profile?: { name: string; saveChanges?: boolean };
  [key: string]: unknown;
}

/** §2.6.1 */
export interface DocumentMetadata {
  sourceURL?: string;
  url?: string;
  statusCode: number;
  error?: string;
  scrapeId?: string;
  contentType?: string;
  title?: string;
  description?: string;
  language?: string;
  creditsUsed?: number;
  cacheState?: 'hit' | 'miss';
  numPages?: number;
  totalPages?: number;
  [key: string]: unknown;
}

/** §2.6 */
export interface Document {
  markdown?: string;
  html?: string;
  rawHtml?: string;
  links?: string[];
  images?: string[];
  screenshot?: string;
  summary?: string;
  json?: unknown;
  changeTracking?: Record<string, unknown>;
  actions?: Record<string, unknown[]>;
  warning?: string;
  metadata: DocumentMetadata;
  [key: string]: unknown;
}

/** §5.1 */
export interface SearchOptions {
  limit?: number;
  sources?: ('web' | 'news' | 'images' | { type: string; [key: string]: unknown })[];
  categories?: (string | { type: string })[];
  includeDomains?: string[];
  excludeDomains?: string[];
  tbs?: string;
  location?: string;
  country?: string;
  timeout?: number;
  ignoreInvalidURLs?: boolean;
  scrapeOptions?: ScrapeOptions;
  [key: string]: unknown;
}

export interface SearchResultWeb extends Partial<Document> {
  url: string;
  title?: string;
  description?: string;
  position?: number;
  category?: string;
}

/** §5.2 `data` */
export interface SearchData {
  web?: SearchResultWeb[];
  news?: Array<{ title?: string; url?: string; snippet?: string; date?: string; position?: number; [key: string]: unknown }>;
  images?: Array<{ title?: string; imageUrl?: string; url?: string; position?: number; [key: string]: unknown }>;
}

/** §6.1 */
export interface MapOptions {
  search?: string;
  sitemap?: 'include' | 'skip' | 'only';
  includeSubdomains?: boolean;
  ignoreQueryParameters?: boolean;
  ignoreCache?: boolean;
  limit?: number;
  timeout?: number;
  [key: string]: unknown;
}

export interface MapData {
  links: Array<{ url: string; title?: string; description?: string }>;
}

export type Webhook = string | { url: string; headers?: Record<string, string>; metadata?: Record<string, unknown>; events?: string[] };

/** §7.1 */
export interface CrawlOptions {
  prompt?: string;
  includePaths?: string[];
  excludePaths?: string[];
  regexOnFullURL?: boolean;
  maxDiscoveryDepth?: number;
  sitemap?: 'include' | 'skip' | 'only';
  ignoreQueryParameters?: boolean;
  deduplicateSimilarURLs?: boolean;
  limit?: number;
  crawlEntireDomain?: boolean;
  allowExternalLinks?: boolean;
  allowSubdomains?: boolean;
  ignoreRobotsTxt?: boolean;
  delay?: number;
  maxConcurrency?: number;
  webhook?: Webhook;
  scrapeOptions?: ScrapeOptions;
  zeroDataRetention?: boolean;
  /** Sent as `x-idempotency-key`: a second start with the same key answers 409. */
  idempotencyKey?: string;
  [key: string]: unknown;
}

export interface StartedJob {
  success: true;
  id: string;
  url?: string;
  [key: string]: unknown;
}

export type JobState = 'scraping' | 'completed' | 'failed' | 'cancelled';

/** §7.2 / §8.2: the status of a crawl or batch scrape, with (all, when auto-paginated) its documents. */
export interface CrawlJob {
  /** The job's id (not on the wire: the client adds it). */
  id: string;
  status: JobState;
  total: number;
  completed: number;
  creditsUsed: number;
  expiresAt: string;
  next?: string | null;
  data: Document[];
  createdAt?: string;
  completedAt?: string | null;
  duration?: number;
}
export type BatchScrapeJob = CrawlJob;

/** How status reads follow `next` (§1.14.1). */
export interface PaginationOptions {
  /** Follow `next` until the end (default true). */
  autoPaginate?: boolean;
  /** Stop after this many pages (the first included). */
  maxPages?: number;
  /** Stop once this many documents are in hand (the result is cut to it). */
  maxResults?: number;
  /** Stop following after this many seconds. */
  maxWaitTime?: number;
}

/** Options of the waiters (`crawl`, `batchScrape`, `extract`, `agent`). */
export interface WaitOptions {
  /** Seconds between status reads (default 2). */
  pollInterval?: number;
  /** Seconds before giving up with a JobTimeoutError (default: wait forever). */
  timeout?: number;
}

export interface JobErrors {
  errors: Array<{ id: string; url: string; error: string; code?: string; timestamp?: string }>;
  robotsBlocked: string[];
}

export interface ActiveCrawl {
  id: string;
  teamId: string;
  url: string;
  created_at?: string;
  options: Record<string, unknown> | null;
}

/** §8.1 */
export interface BatchScrapeOptions {
  /** Scrape options for every URL (flattened into the request body). */
  options?: ScrapeOptions;
  webhook?: Webhook;
  appendToId?: string;
  ignoreInvalidURLs?: boolean;
  maxConcurrency?: number;
  zeroDataRetention?: boolean;
  /** Sent as `x-idempotency-key`. */
  idempotencyKey?: string;
}

/** §9.1 */
export interface ExtractRequest {
  urls?: string[];
  prompt?: string;
  schema?: Record<string, unknown>;
  systemPrompt?: string;
  limit?: number;
  ignoreSitemap?: boolean;
  includeSubdomains?: boolean;
  allowExternalLinks?: boolean;
  enableWebSearch?: boolean;
  showSources?: boolean;
  scrapeOptions?: ScrapeOptions;
  ignoreInvalidURLs?: boolean;
  timeout?: number;
  webhook?: Webhook;
  urlTrace?: boolean;
  [key: string]: unknown;
}

/** §9.2 */
export interface ExtractStatus {
  success: boolean;
  status: 'processing' | 'completed' | 'failed' | 'cancelled';
  data?: unknown;
  error?: string;
  expiresAt?: string;
  sources?: Record<string, string[]>;
  tokensUsed?: number;
  creditsUsed?: number;
  warning?: string;
  [key: string]: unknown;
}

/** §10.1 */
export interface AgentRequest {
  prompt: string;
  urls?: string[];
  schema?: Record<string, unknown>;
  maxCredits?: number;
  strictConstrainToURLs?: boolean;
  model?: string;
  effort?: 'low' | 'medium' | 'high';
  webhook?: Webhook;
  threadId?: string;
  mode?: 'extract' | 'chat';
  [key: string]: unknown;
}

/** §10.2 */
export interface AgentStatus {
  success: boolean;
  status: 'processing' | 'completed' | 'failed';
  data?: unknown;
  error?: string;
  model?: string;
  expiresAt?: string;
  creditsUsed?: number;
  message?: string;
  [key: string]: unknown;
}

/** §10.4 */
export interface AgentList {
  success: true;
  agents: Array<{ id: string; createdAt: string; targetHint: string; status?: string; [key: string]: unknown }>;
  next?: string | null;
}

/** A file for `parse`: its bytes (or text) and its name, whose extension tells the server the type. */
export interface ParseFile {
  data: Blob | ArrayBuffer | ArrayBufferView | string;
  filename: string;
  contentType?: string;
}

/** §11 */
export interface BrowserSession {
  success: true;
  id: string;
  cdpUrl?: string;
  liveViewUrl?: string;
  interactiveLiveViewUrl?: string;
  expiresAt?: string;
  [key: string]: unknown;
}

export interface ExecuteRequest {
  code: string;
  language?: 'python' | 'node' | 'bash';
  /** Seconds (1–300, default 30). */
  timeout?: number;
}

export interface ExecuteResult {
  success: boolean;
  stdout?: string;
  result?: string;
  stderr?: string;
  exitCode?: number;
  killed?: boolean;
  truncated?: boolean;
  error?: string | null;
  output?: string;
  [key: string]: unknown;
}

/** §3.3 */
export interface InteractRequest {
  code?: string;
  prompt?: string;
  language?: 'python' | 'node' | 'bash';
  timeout?: number;
}

/** §12.1 */
export interface MonitorSchedule {
  cron?: string;
  text?: string;
  timezone?: string;
}

export type MonitorTarget =
  | { id?: string; type: 'scrape'; urls: string[]; scrapeOptions?: ScrapeOptions }
  | { id?: string; type: 'crawl'; url: string; crawlOptions?: CrawlOptions; scrapeOptions?: ScrapeOptions }
  | { id?: string; type: 'search'; queries: string[]; searchWindow?: string; maxResults?: number; includeDomains?: string[]; excludeDomains?: string[] };

export interface MonitorRequest {
  name: string;
  schedule: MonitorSchedule;
  targets: MonitorTarget[];
  webhook?: Webhook | null;
  notification?: Record<string, unknown> | null;
  retentionDays?: number;
  goal?: string | null;
  judgeEnabled?: boolean;
}

export type MonitorUpdate = Partial<MonitorRequest> & { status?: 'active' | 'paused' };

export interface MonitorSummary {
  totalPages: number;
  same: number;
  changed: number;
  new: number;
  removed: number;
  error: number;
}

export interface Monitor {
  id: string;
  name: string;
  status: 'active' | 'paused' | 'deleted';
  schedule: MonitorSchedule & { cron: string; timezone: string };
  targets: MonitorTarget[];
  retentionDays: number;
  nextRunAt?: string | null;
  lastRunAt?: string | null;
  lastCheckSummary?: MonitorSummary | null;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export interface MonitorCheck {
  id: string;
  monitorId: string;
  status: 'queued' | 'running' | 'completed' | 'failed' | 'partial' | 'skipped_overlap' | 'skipped_no_credits';
  trigger: 'scheduled' | 'manual';
  summary: MonitorSummary;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export interface MonitorCheckPage {
  id: string;
  targetId: string;
  url: string;
  status: 'same' | 'new' | 'changed' | 'removed' | 'error';
  diff?: { text?: string; json?: unknown } | null;
  [key: string]: unknown;
}

export interface MonitorCheckDetail extends MonitorCheck {
  pages: MonitorCheckPage[];
  next?: string | null;
}

/** §13 */
export interface CreditUsage {
  remainingCredits: number;
  planCredits?: number;
  billingPeriodStart?: string | null;
  billingPeriodEnd?: string | null;
}
export interface TokenUsage {
  remainingTokens: number;
  planTokens?: number;
  billingPeriodStart?: string | null;
  billingPeriodEnd?: string | null;
}
export interface UsagePeriod {
  startDate: string;
  endDate: string;
  apiKey: string | null;
  [key: string]: unknown;
}
export interface QueueStatus {
  success: true;
  jobsInQueue: number;
  activeJobsInQueue: number;
  waitingJobsInQueue: number;
  maxConcurrency: number;
  mostRecentSuccess: string | null;
}
export interface Concurrency {
  concurrency: number;
  maxConcurrency: number;
}
