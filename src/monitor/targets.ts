import { randomUUID } from 'node:crypto';
import { crawlRequest, type ScrapeOptions, scrapeOptions as scrapeOptionsSchema } from '../api/index.js';
import { trackChange, type ChangeMode } from '../changes/track.js';
import { CRAWL_PAGE, type CrawlPagePayload, type CrawlSettings, crawlResource, pageTaskId } from '../crawl/job.js';
import { CrawlRules } from '../crawl/rules.js';
import type { JobEvents } from '../jobs/events.js';
import type { Queue } from '../jobs/queue.js';
import type { Document } from '../api/document.js';
import { isScrapeError } from '../scrape/errors.js';
import type { Scraper } from '../scrape/scraper.js';
import type { SearchProvider } from '../search/provider.js';
import { parseTbs } from '../search/time-filter.js';
import type { ChangeStore } from '../store/changes.js';
import type { CheckPage } from '../store/monitors.js';
import type { Store } from '../store/store.js';
import type { MonitorConfig, Target } from './config.js';

export interface TargetDeps {
  store: Store;
  queue: Queue;
  events: JobEvents;
  scraper: Scraper;
  search?: SearchProvider | undefined;
}

export interface CheckContext {
  monitorId: string;
  checkId: string;
  teamId: string;
  config: MonitorConfig;
  signal: AbortSignal;
}

export interface TargetOutcome {
  pages: CheckPage[];
  result: Record<string, unknown>;
  credits: number;
}

/** How pages of a target are compared: from its changeTracking format, markdown only without one. */
interface Comparison {
  modes: ChangeMode[];
  json: boolean;
  text: boolean;
  /** The tag inside the monitor's history, from the format. */
  tag: string | null;
}

function comparisonOf(options: ScrapeOptions): Comparison {
  const format = options.formats.find((f) => f.type === 'changeTracking');
  const modes = format?.modes ?? [];
  const json = modes.includes('json');
  const text = !json || modes.includes('git-diff');
  return { modes: text ? [...new Set<ChangeMode>([...modes, 'git-diff'])] : modes, json, text, tag: format?.tag ?? null };
}

/**
 * What each page is scraped with: the target's options without changeTracking
 * (the monitor compares against its own history, not the team's), with
 * markdown, a json format when json mode needs one, and never from cache.
 */
function pageOptions(options: ScrapeOptions): ScrapeOptions {
  const tracking = options.formats.find((f) => f.type === 'changeTracking');
  const formats: ScrapeOptions['formats'] = options.formats.filter((f) => f.type !== 'changeTracking');
  if (!formats.some((f) => f.type === 'markdown')) formats.push({ type: 'markdown' });
  if (tracking?.modes.includes('json') && !formats.some((f) => f.type === 'json')) {
    formats.push({ type: 'json', ...(tracking.schema && { schema: tracking.schema }), ...(tracking.prompt && { prompt: tracking.prompt }) });
  }
  return { ...options, formats, maxAge: 0, storeInCache: false };
}

/** Each target keeps its own history, so a crawl can tell which of its pages disappeared. */
const historyTag = (ctx: CheckContext, target: Target, cmp: Comparison) =>
  `monitor:${ctx.monitorId}:${target.id}${cmp.tag === null ? '' : `:${cmp.tag}`}`;

function newPage(target: Target, url: string, at: string): CheckPage {
  return {
    id: randomUUID(),
    targetId: target.id,
    url,
    status: 'error',
    previousScrapeId: null,
    currentScrapeId: null,
    statusCode: null,
    error: null,
    metadata: null,
    diff: null,
    snapshot: null,
    judgment: null,
    createdAt: at,
  };
}

async function comparePage(changes: ChangeStore, ctx: CheckContext, target: Target, cmp: Comparison, url: string, doc: Document): Promise<CheckPage> {
  const extracted = (doc as Document & { json?: unknown }).json;
  const { tracking, previous } = await trackChange(changes, {
    teamId: ctx.teamId,
    tag: historyTag(ctx, target, cmp),
    url,
    scrapeId: doc.metadata.scrapeId,
    markdown: doc.markdown ?? '',
    statusCode: doc.metadata.statusCode,
    json: extracted,
    modes: cmp.modes,
  });
  const page = newPage(target, url, new Date().toISOString());
  page.status = tracking.changeStatus;
  page.previousScrapeId = previous?.scrapeId ?? null;
  page.currentScrapeId = doc.metadata.scrapeId;
  page.statusCode = doc.metadata.statusCode;
  if (tracking.changeStatus === 'changed') {
    const diff: CheckPage['diff'] = {};
    if (cmp.text && tracking.diff) {
      diff.text = tracking.diff.text;
      if (!cmp.json) diff.json = tracking.diff.json;
    }
    if (cmp.json && tracking.json) diff.json = tracking.json;
    page.diff = diff;
  }
  if (cmp.json) page.snapshot = { json: extracted ?? null };
  return page;
}

async function scrapeTarget(deps: TargetDeps, ctx: CheckContext, target: Extract<Target, { type: 'scrape' }>): Promise<TargetOutcome> {
  const options = target.scrapeOptions ?? scrapeOptionsSchema.parse({});
  const cmp = comparisonOf(options);
  const pages: CheckPage[] = [];
  const scrapeIds: string[] = [];
  let credits = 0;
  for (const url of target.urls) {
    ctx.signal.throwIfAborted();
    try {
      const doc = await deps.scraper.scrape({
        url,
        sourceURL: url,
        options: pageOptions(options),
        teamId: ctx.teamId,
        apiKeyId: ctx.config.apiKeyId,
        baseUrl: ctx.config.baseUrl,
        signal: ctx.signal,
      });
      credits += doc.metadata.creditsUsed;
      scrapeIds.push(doc.metadata.scrapeId);
      pages.push(await comparePage(deps.store.changes, ctx, target, cmp, url, doc));
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      const page = newPage(target, url, new Date().toISOString());
      page.error = err instanceof Error ? err.message : String(err);
      if (isScrapeError(err)) page.statusCode = err.status;
      pages.push(page);
    }
  }
  return { pages, credits, result: { targetId: target.id, type: 'scrape', expectedJobs: scrapeIds } };
}

const CRAWL_POLL_MS = 300;

async function crawlTarget(deps: TargetDeps, ctx: CheckContext, target: Extract<Target, { type: 'crawl' }>): Promise<TargetOutcome> {
  const crawlOptions = target.crawlOptions ?? crawlRequest.parse({ url: target.url });
  const { prompt: _prompt, origin: _origin, integration: _integration, ...options } = crawlOptions;
  const page = target.scrapeOptions ?? crawlOptions.scrapeOptions;
  const cmp = comparisonOf(page);
  const scrapeWith = pageOptions(page);
  // Derived, so a re-run of the check after a crash finds its crawl again.
  const crawlId = pageTaskId(ctx.checkId, target.id);
  if (!(await deps.store.jobs.get(crawlId))) {
    const settings: CrawlSettings = {
      url: target.url,
      options: { ...options, scrapeOptions: scrapeWith },
      page: {
        options: { ...scrapeWith, formats: [...scrapeWith.formats.filter((f) => f.type !== 'links'), { type: 'links' }] },
        teamId: ctx.teamId,
        apiKeyId: ctx.config.apiKeyId,
        baseUrl: ctx.config.baseUrl,
      },
      stripLinks: !scrapeWith.formats.some((f) => f.type === 'links'),
    };
    const job = await deps.store.jobs.create({ id: crawlId, kind: crawlResource.kind, teamId: ctx.teamId, options: settings, maxConcurrency: options.delay !== undefined ? 1 : (options.maxConcurrency ?? null) });
    await deps.events.emit({ type: 'started', job: { id: job.id, kind: job.kind, teamId: job.teamId } });
    const start = new URL(target.url);
    const key = new CrawlRules(target.url, settings.options).key(start);
    await deps.store.crawls.admit(job.id, job.id, settings.options.limit, [{ key, url: start.href, depth: 0 }]);
    await deps.queue.enqueue<CrawlPagePayload>({
      id: pageTaskId(job.id, key),
      kind: CRAWL_PAGE,
      teamId: ctx.teamId,
      jobId: job.id,
      payload: { url: start.href, sourceURL: target.url, depth: 0, seed: true },
    });
  }
  for (;;) {
    const job = await deps.store.jobs.get(crawlId);
    if (!job || job.status !== 'running') break;
    if (ctx.signal.aborted) {
      await deps.queue.cancelJob(crawlId);
      ctx.signal.throwIfAborted();
    }
    await new Promise((resolve) => setTimeout(resolve, CRAWL_POLL_MS));
  }

  const pages: CheckPage[] = [];
  const seen = new Set<string>();
  let credits = 0;
  for (let skip = 0; ; ) {
    const batch = await deps.store.results.page(crawlId, { skip, limit: 100, maxBytes: 8 * 1024 * 1024 });
    if (!batch.documents.length) break;
    skip += batch.documents.length;
    for (const text of batch.documents) {
      const doc = JSON.parse(text) as Document;
      const url = doc.metadata.url ?? doc.metadata.sourceURL;
      seen.add(url);
      credits += doc.metadata.creditsUsed;
      pages.push(await comparePage(deps.store.changes, ctx, target, cmp, url, doc));
    }
  }
  for (const error of await deps.store.results.errors(crawlId)) {
    seen.add(error.url);
    const failed = newPage(target, error.url, new Date().toISOString());
    failed.error = error.error;
    pages.push(failed);
  }
  // Pages the previous crawls reached that this one did not: gone from the site.
  const tag = historyTag(ctx, target, cmp);
  for (const url of await deps.store.changes.liveUrls(ctx.teamId, tag)) {
    if (seen.has(url)) continue;
    const { previous } = await trackChange(deps.store.changes, { teamId: ctx.teamId, tag, url, scrapeId: randomUUID(), markdown: '', statusCode: 404, modes: cmp.modes });
    const removed = newPage(target, url, new Date().toISOString());
    removed.status = 'removed';
    removed.previousScrapeId = previous?.scrapeId ?? null;
    removed.metadata = { visibility: 'hidden' };
    pages.push(removed);
  }
  return { pages, credits, result: { targetId: target.id, type: 'crawl', crawlId } };
}

const SEARCH_WINDOWS: Record<string, string> = { '5m': 'qdr:h', '15m': 'qdr:h', '1h': 'qdr:h', '6h': 'qdr:d', '24h': 'qdr:d', '7d': 'qdr:w' };

async function searchTarget(deps: TargetDeps, ctx: CheckContext, target: Extract<Target, { type: 'search' }>): Promise<TargetOutcome> {
  const result: Record<string, unknown> = { targetId: target.id, type: 'search', searchCompleted: false, resultCount: 0, matches: 0 };
  if (!deps.search) {
    const page = newPage(target, target.queries.join(' | '), new Date().toISOString());
    page.error = 'Search is not available on this server';
    page.metadata = { searchStatus: 'skipped' };
    return { pages: [page], credits: 0, result };
  }
  const hits = new Map<string, { title?: string | undefined; description?: string | undefined; query: string }>();
  for (const query of target.queries) {
    const found = await deps.search.search({
      query,
      sources: { web: { tbs: parseTbs(SEARCH_WINDOWS[target.searchWindow]) } },
      limit: target.maxResults,
      teamId: ctx.teamId,
      categories: [],
      includeDomains: target.includeDomains ?? [],
      excludeDomains: target.excludeDomains ?? [],
      signal: ctx.signal,
    });
    for (const hit of found.web ?? []) {
      if (hits.size >= target.maxResults) break;
      if (!hits.has(hit.url)) hits.set(hit.url, { title: hit.title, description: hit.description, query });
    }
  }
  const tag = `monitor:${ctx.monitorId}:${target.id}`;
  const pages: CheckPage[] = [];
  for (const [url, hit] of hits) {
    const previous = await deps.store.changes.replace({
      teamId: ctx.teamId,
      url,
      tag,
      scrapeId: randomUUID(),
      markdown: [hit.title, hit.description].filter(Boolean).join('\n\n'),
      json: null,
      statusCode: 200,
      gone: false,
      createdAt: new Date().toISOString(),
    });
    const page = newPage(target, url, new Date().toISOString());
    page.status = previous ? 'same' : 'new';
    page.metadata = { searchStatus: previous ? 'already_seen' : 'alert', query: hit.query, title: hit.title ?? null, description: hit.description ?? null };
    pages.push(page);
  }
  Object.assign(result, { searchCompleted: true, resultCount: hits.size, matches: pages.filter((p) => p.status === 'new').length });
  return { pages, credits: 0, result };
}

export async function runTarget(deps: TargetDeps, ctx: CheckContext, target: Target): Promise<TargetOutcome> {
  switch (target.type) {
    case 'scrape':
      return scrapeTarget(deps, ctx, target);
    case 'crawl':
      return crawlTarget(deps, ctx, target);
    case 'search':
      return searchTarget(deps, ctx, target);
  }
}
