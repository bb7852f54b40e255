import { JobFailedError, TrawlError } from './errors.js';
import { type ClientOptions, HttpClient } from './http.js';
import { followNext, waitForJob } from './jobs.js';
import type {
  ActiveCrawl, AgentList, AgentRequest, AgentStatus, BatchScrapeJob, BatchScrapeOptions, BrowserSession, Concurrency,
  CrawlJob, CrawlOptions, CreditUsage, Document, ExecuteRequest, ExecuteResult, ExtractRequest, ExtractStatus,
  InteractRequest, JobErrors, MapData, MapOptions, Monitor, MonitorCheck, MonitorCheckDetail, MonitorCheckPage,
  MonitorRequest, MonitorUpdate, PaginationOptions, ParseFile, QueueStatus, ScrapeOptions, SearchData, SearchOptions,
  StartedJob, TokenUsage, UsagePeriod, WaitOptions,
} from './types.js';
import { Watcher, type WatcherOptions } from './watcher.js';

const id = (s: string) => encodeURIComponent(s);
const documentsOf = { items: (b: any) => (b?.data ?? []) as Document[], next: (b: any) => b?.next as string | null | undefined };

/** A client for every v2 endpoint of a Trawl server (also any Firecrawl v2 compatible one). */
export class Trawl {
  readonly http: HttpClient;

  constructor(opts: ClientOptions = {}) {
    this.http = new HttpClient(opts);
  }

  // ── scrape, search, map, parse ────────────────────────────────────────

  /** POST /v2/scrape: one page as a Document. */
  async scrape(url: string, options: ScrapeOptions = {}): Promise<Document> {
    const res = await this.http.request('POST', '/v2/scrape', { body: { ...options, url }, timeoutMs: requestTimeout(options.timeout, 30_000) });
    return res.data;
  }

  /** POST /v2/search: results grouped by source (web, news, images). */
  async search(query: string, options: SearchOptions = {}): Promise<SearchData> {
    const res = await this.http.request('POST', '/v2/search', { body: { ...options, query }, timeoutMs: requestTimeout(options.timeout, 5_000) });
    return res.data;
  }

  /** POST /v2/map: URLs of a site. */
  async map(url: string, options: MapOptions = {}): Promise<MapData> {
    const res = await this.http.request('POST', '/v2/map', { body: { ...options, url }, timeoutMs: requestTimeout(options.timeout, 5_000) });
    return { links: res.links ?? [] };
  }

  /** POST /v2/parse: an uploaded file (PDF, DOCX, HTML, …) as a Document. */
  async parse(file: ParseFile, options: ScrapeOptions = {}): Promise<Document> {
    if (!file.filename?.trim()) throw new TrawlError('parse: the file needs a filename (its extension tells the type)');
    const form = new FormData();
    form.append('options', JSON.stringify(options));
    form.append('file', toBlob(file), file.filename.trim());
    const res = await this.http.request('POST', '/v2/parse', { form, timeoutMs: requestTimeout(options.timeout, 5_000) });
    return res.data;
  }

  // ── crawl ─────────────────────────────────────────────────────────────

  /** POST /v2/crawl: starts a crawl; answers its id. */
  startCrawl(url: string, options: CrawlOptions = {}): Promise<StartedJob> {
    const { idempotencyKey, ...rest } = options;
    return this.http.request('POST', '/v2/crawl', { body: { ...rest, url }, headers: idempotency(idempotencyKey) });
  }

  /** GET /v2/crawl/{id}: status, with every document so far (following `next` unless told not to). */
  getCrawlStatus(jobId: string, pagination?: PaginationOptions): Promise<CrawlJob> {
    return this.jobStatus(jobId, `/v2/crawl/${id(jobId)}`, pagination);
  }

  /** DELETE /v2/crawl/{id}: true once the crawl is cancelled. */
  async cancelCrawl(jobId: string): Promise<boolean> {
    const res = await this.http.request('DELETE', `/v2/crawl/${id(jobId)}`);
    return res.status === 'cancelled';
  }

  /** Starts a crawl and waits for its end; answers the final status with all documents. */
  async crawl(url: string, options: CrawlOptions & WaitOptions = {}): Promise<CrawlJob> {
    const { pollInterval, timeout, ...crawlOptions } = options;
    const started = await this.startCrawl(url, crawlOptions);
    return this.waitForDocuments(started.id, (p) => this.getCrawlStatus(started.id, p), { pollInterval, timeout });
  }

  /** GET /v2/crawl/{id}/errors: failed pages and URLs robots.txt kept out. */
  async getCrawlErrors(jobId: string): Promise<JobErrors> {
    return errorsOf(await this.http.request('GET', `/v2/crawl/${id(jobId)}/errors`));
  }

  /** GET /v2/crawl/active: the team's running crawls. */
  getActiveCrawls(): Promise<{ success: true; crawls: ActiveCrawl[] }> {
    return this.http.request('GET', '/v2/crawl/active');
  }

  /** POST /v2/crawl/params-preview: the crawl options a prompt would give. */
  async crawlParamsPreview(url: string, prompt: string): Promise<Record<string, unknown> & { url: string }> {
    const res = await this.http.request('POST', '/v2/crawl/params-preview', { body: { url, prompt } });
    return res.data;
  }

  // ── batch scrape ──────────────────────────────────────────────────────

  /** POST /v2/batch/scrape: starts scraping a list of URLs. */
  startBatchScrape(urls: string[], opts: BatchScrapeOptions = {}): Promise<StartedJob & { invalidURLs?: string[] }> {
    const { options, idempotencyKey, ...rest } = opts;
    return this.http.request('POST', '/v2/batch/scrape', { body: { ...options, ...rest, urls }, headers: idempotency(idempotencyKey) });
  }

  /** GET /v2/batch/scrape/{id}: status, with every document so far. */
  getBatchScrapeStatus(jobId: string, pagination?: PaginationOptions): Promise<BatchScrapeJob> {
    return this.jobStatus(jobId, `/v2/batch/scrape/${id(jobId)}`, pagination);
  }

  /** GET /v2/batch/scrape/{id}/errors */
  async getBatchScrapeErrors(jobId: string): Promise<JobErrors> {
    return errorsOf(await this.http.request('GET', `/v2/batch/scrape/${id(jobId)}/errors`));
  }

  /** DELETE /v2/batch/scrape/{id}: true once the batch is cancelled. */
  async cancelBatchScrape(jobId: string): Promise<boolean> {
    const res = await this.http.request('DELETE', `/v2/batch/scrape/${id(jobId)}`);
    return res.status === 'cancelled';
  }

  /** Starts a batch scrape and waits for its end. */
  async batchScrape(urls: string[], opts: BatchScrapeOptions & WaitOptions = {}): Promise<BatchScrapeJob> {
    const { pollInterval, timeout, ...rest } = opts;
    const started = await this.startBatchScrape(urls, rest);
    return this.waitForDocuments(started.id, (p) => this.getBatchScrapeStatus(started.id, p), { pollInterval, timeout });
  }

  // ── extract ───────────────────────────────────────────────────────────

  /** POST /v2/extract: starts an extraction. */
  startExtract(request: ExtractRequest): Promise<StartedJob & { invalidURLs?: string[] }> {
    return this.http.request('POST', '/v2/extract', { body: request });
  }

  /** GET /v2/extract/{id} */
  getExtractStatus(jobId: string): Promise<ExtractStatus> {
    return this.http.request('GET', `/v2/extract/${id(jobId)}`);
  }

  /** Starts an extraction and waits for it; a failed one throws JobFailedError. */
  async extract(request: ExtractRequest & WaitOptions): Promise<ExtractStatus> {
    const { pollInterval, timeout, ...rest } = request;
    const started = await this.startExtract(rest);
    const end = await waitForJob(started.id, () => this.getExtractStatus(started.id), (s) => s.status !== 'processing', { pollInterval, timeout });
    if (end.status === 'failed') throw new JobFailedError(started.id, end.error ?? `Extract ${started.id} failed`);
    return end;
  }

  // ── agent ─────────────────────────────────────────────────────────────

  /** POST /v2/agent: starts an agent run. */
  startAgent(request: AgentRequest): Promise<StartedJob & { threadId?: string; threadTurn?: number }> {
    return this.http.request('POST', '/v2/agent', { body: request });
  }

  /** GET /v2/agent/{id} */
  getAgentStatus(jobId: string): Promise<AgentStatus> {
    return this.http.request('GET', `/v2/agent/${id(jobId)}`);
  }

  /** Starts an agent run and waits for it; a failed run throws JobFailedError. */
  async agent(request: AgentRequest & WaitOptions): Promise<AgentStatus> {
    const { pollInterval, timeout, ...rest } = request;
    const started = await this.startAgent(rest);
    const end = await waitForJob(started.id, () => this.getAgentStatus(started.id), (s) => s.status !== 'processing', { pollInterval, timeout });
    if (end.status === 'failed') throw new JobFailedError(started.id, end.error ?? `Agent run ${started.id} failed`);
    return end;
  }

  /** DELETE /v2/agent/{id}: true when the run was cancelled. */
  async cancelAgent(jobId: string): Promise<boolean> {
    const res = await this.http.request('DELETE', `/v2/agent/${id(jobId)}`);
    return res.success === true;
  }

  /** GET /v2/agent: the team's runs, newest first, 20 a page; pass the last `createdAt` (ms) as `before` for the next. */
  listAgents(options: { before?: number } = {}): Promise<AgentList> {
    return this.http.request('GET', '/v2/agent', { query: { before: options.before } });
  }

  // ── browser sessions and interact ─────────────────────────────────────

  /** POST /v2/browser: a remote browser session. `ttl` and `activityTtl` in seconds. */
  browser(options: { ttl?: number; activityTtl?: number; streamWebView?: boolean; profile?: { name: string; saveChanges?: boolean } } = {}): Promise<BrowserSession> {
    return this.http.request('POST', '/v2/browser', { body: options });
  }

  /** POST /v2/browser/{id}/execute: runs code in the session (`page` is in scope for node). */
  browserExecute(sessionId: string, request: ExecuteRequest): Promise<ExecuteResult> {
    return this.http.request('POST', `/v2/browser/${id(sessionId)}/execute`, {
      body: { ...request },
      timeoutMs: requestTimeout(request.timeout === undefined ? undefined : request.timeout * 1000, 5_000),
    });
  }

  /** GET /v2/browser */
  listBrowsers(options: { status?: 'active' | 'destroyed' } = {}): Promise<{ success: true; sessions: Array<BrowserSession & { status: string }> }> {
    return this.http.request('GET', '/v2/browser', { query: { status: options.status } });
  }

  /** DELETE /v2/browser/{id} */
  deleteBrowser(sessionId: string): Promise<{ success: boolean; status?: string; sessionDurationMs?: number; creditsBilled?: number }> {
    return this.http.request('DELETE', `/v2/browser/${id(sessionId)}`);
  }

  /** POST /v2/scrape/{jobId}/interact: acts on the page a scrape loaded (`jobId` = `metadata.scrapeId`). */
  async interact(jobId: string, request: InteractRequest): Promise<ExecuteResult> {
    if (!request.code && !request.prompt) throw new TrawlError('interact: give `code` or `prompt`');
    return this.http.request('POST', `/v2/scrape/${id(jobId)}/interact`, {
      body: { ...request },
      timeoutMs: requestTimeout(request.timeout === undefined ? undefined : request.timeout * 1000, 5_000),
    });
  }

  /** DELETE /v2/scrape/{jobId}/interact */
  stopInteraction(jobId: string): Promise<{ success: boolean; sessionDurationMs?: number; creditsBilled?: number }> {
    return this.http.request('DELETE', `/v2/scrape/${id(jobId)}/interact`);
  }

  // ── monitors ──────────────────────────────────────────────────────────

  async createMonitor(request: MonitorRequest): Promise<Monitor> {
    return dataOf(await this.http.request('POST', '/v2/monitor', { body: { ...request } }));
  }

  async listMonitors(options: { limit?: number; offset?: number } = {}): Promise<Monitor[]> {
    return dataOf(await this.http.request('GET', '/v2/monitor', { query: options }));
  }

  async getMonitor(monitorId: string): Promise<Monitor> {
    return dataOf(await this.http.request('GET', `/v2/monitor/${id(monitorId)}`));
  }

  async updateMonitor(monitorId: string, update: MonitorUpdate): Promise<Monitor> {
    return dataOf(await this.http.request('PATCH', `/v2/monitor/${id(monitorId)}`, { body: { ...update } }));
  }

  async deleteMonitor(monitorId: string): Promise<boolean> {
    const res = await this.http.request('DELETE', `/v2/monitor/${id(monitorId)}`);
    return res.success === true;
  }

  /** POST /v2/monitor/{id}/run: queues a check now; answers it. */
  async runMonitor(monitorId: string): Promise<MonitorCheck> {
    return dataOf(await this.http.request('POST', `/v2/monitor/${id(monitorId)}/run`, { body: {} }));
  }

  async listMonitorChecks(monitorId: string, options: { limit?: number; offset?: number; status?: MonitorCheck['status'] } = {}): Promise<MonitorCheck[]> {
    return dataOf(await this.http.request('GET', `/v2/monitor/${id(monitorId)}/checks`, { query: options }));
  }

  /** GET /v2/monitor/{id}/checks/{checkId}: the check with its pages (every page, following `next`, unless told not to). */
  async getMonitorCheck(
    monitorId: string,
    checkId: string,
    options: { limit?: number; skip?: number; status?: MonitorCheckPage['status'] } & PaginationOptions = {},
  ): Promise<MonitorCheckDetail> {
    const { limit, skip, status, ...pagination } = options;
    const first = await this.http.request('GET', `/v2/monitor/${id(monitorId)}/checks/${id(checkId)}`, { query: { limit, skip, status } });
    const check = dataOf<MonitorCheckDetail>(first);
    const { items, next } = await followNext<MonitorCheckPage>(
      this.http,
      first,
      { items: (b) => b?.data?.pages ?? [], next: (b) => b?.next ?? b?.data?.next },
      pagination,
    );
    return { ...check, pages: items, next };
  }

  // ── usage ─────────────────────────────────────────────────────────────

  async getCreditUsage(): Promise<CreditUsage> {
    return (await this.http.request('GET', '/v2/team/credit-usage')).data;
  }

  async getTokenUsage(): Promise<TokenUsage> {
    return (await this.http.request('GET', '/v2/team/token-usage')).data;
  }

  /** One period per billing month (per key with `byApiKey`). */
  async getCreditUsageHistorical(byApiKey = false): Promise<Array<UsagePeriod & { creditsUsed: number }>> {
    const res = await this.http.request('GET', '/v2/team/credit-usage/historical', { query: { byApiKey: byApiKey || undefined } });
    return res.periods ?? [];
  }

  async getTokenUsageHistorical(byApiKey = false): Promise<Array<UsagePeriod & { tokensUsed: number }>> {
    const res = await this.http.request('GET', '/v2/team/token-usage/historical', { query: { byApiKey: byApiKey || undefined } });
    return res.periods ?? [];
  }

  getQueueStatus(): Promise<QueueStatus> {
    return this.http.request('GET', '/v2/team/queue-status');
  }

  async getConcurrency(): Promise<Concurrency> {
    const res = await this.http.request('GET', '/v2/concurrency-check');
    return { concurrency: res.concurrency, maxConcurrency: res.maxConcurrency };
  }

  // ── watching ──────────────────────────────────────────────────────────

  /** Follows a crawl or batch scrape as it runs; call `start()` after adding listeners. */
  watcher(jobId: string, options: WatcherOptions = {}): Watcher {
    return new Watcher(this.http, jobId, options);
  }

  // ── shared ────────────────────────────────────────────────────────────

  private async jobStatus(jobId: string, path: string, pagination?: PaginationOptions): Promise<CrawlJob> {
    const first = await this.http.request('GET', path);
    const { items, next } = await followNext(this.http, first, documentsOf, pagination);
    const { success: _, ...status } = first;
    return { id: jobId, ...status, data: items, next };
  }

  /** Waits on the first page only, then reads every document once at the end. */
  private async waitForDocuments(jobId: string, read: (p: PaginationOptions) => Promise<CrawlJob>, wait: WaitOptions): Promise<CrawlJob> {
    await waitForJob(jobId, () => read({ autoPaginate: false }), (s) => s.status !== 'scraping', wait);
    const end = await read({});
    if (end.status === 'failed') throw new JobFailedError(jobId, `Job ${jobId} failed`);
    return end;
  }
}

/** The client waits for the server's own budget plus a margin, so a 408 arrives rather than a client timeout. */
function requestTimeout(serverMs: number | undefined, marginMs: number): number | undefined {
  return serverMs === undefined ? undefined : Math.max(serverMs, 0) + marginMs;
}

function idempotency(key: string | undefined): Record<string, string> | undefined {
  return key ? { 'x-idempotency-key': key } : undefined;
}

function errorsOf(body: any): JobErrors {
  const src = body?.errors ? body : (body?.data ?? {});
  return { errors: src.errors ?? [], robotsBlocked: src.robotsBlocked ?? [] };
}

function dataOf<T>(body: any): T {
  if (body?.data == null) throw new TrawlError('The server answered without `data`', { status: 200, details: body });
  return body.data as T;
}

function toBlob(file: ParseFile): Blob {
  const type = file.contentType;
  if (file.data instanceof Blob) return file.data;
  if (typeof file.data === 'string') return new Blob([file.data], { type: type ?? 'text/plain; charset=utf-8' });
  // A copy: the caller's view may sit on a SharedArrayBuffer, which Blob does not take.
  const bytes = file.data instanceof ArrayBuffer ? new Uint8Array(file.data) : new Uint8Array(file.data.buffer, file.data.byteOffset, file.data.byteLength).slice();
  return new Blob([bytes], type ? { type } : {});
}
