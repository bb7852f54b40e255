import { randomUUID } from 'node:crypto';
import type { ScrapeOptions } from '../api/index.js';
import { charge, tokensToCredits } from '../billing/credits.js';
import { localeFor } from '../browser/emulation.js';
import type { Llm } from '../llm/types.js';
import type { Store } from '../store/store.js';
import { publishCapture } from './artifacts.js';
import { buildContent } from './build.js';
import { cacheable, cacheKey } from './cache-key.js';
import { deriveFormats, pageInputOf, wantsDerived, withoutUnrequested, withPageContent } from './derived.js';
import { mediaOf, mediaResponseContent, wantsMedia } from './formats/media.js';
import type { Document, DocumentMetadata } from '../api/document.js';
import { toScrapeError } from './error-mapping.js';
import { ScrapeError } from './errors.js';
import type { ScrapeInput, Scraper } from './scraper.js';
import { assertAllowed, THREAT_PROTECTION, type TeamThreatPolicy } from './threat-protection.js';
import { type Engines, fetchPage } from './waterfall.js';

export interface ScraperDeps extends Engines {
  store: Store;
  /** Reads pages for the summary and json formats. */
  llm: Llm;
  /** How long results stay readable and cached: the longest default `maxAge` (2 days) by default. */
  resultRetentionMs: number;
  /** Told about each freshly fetched page the team keeps (the local search index feeds on it). */
  onFreshPage?: (teamId: string, doc: Document) => void;
}

/** The zone Chromium keeps when the location names no country it knows. */
const HOST_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const STATUS_TEXT: Record<number, string> = { 404: 'Not Found', 403: 'Forbidden', 401: 'Unauthorized', 500: 'Internal Server Error' };

/**
 * A deadline that aborts the scrape's work and tells how much time is left. Methods rather
 * than closures made per scrape: under tsx each named closure costs a defineProperty (~0.4 µs).
 */
class Deadline {
  private readonly controller = new AbortController();
  readonly signal = this.controller.signal;
  private readonly end: number;
  private readonly timer: NodeJS.Timeout;
  private expired = false;

  constructor(
    timeoutMs: number,
    private readonly outer?: AbortSignal,
  ) {
    this.end = Date.now() + timeoutMs;
    this.timer = setTimeout(timeUp, timeoutMs, this);
    outer?.addEventListener('abort', this, { once: true });
  }

  remaining(): number {
    return Math.max(1, this.end - Date.now());
  }

  timedOut(): boolean {
    return this.expired;
  }

  expire(): void {
    this.expired = true;
    this.controller.abort(new ScrapeError('SCRAPE_TIMEOUT', 'Scrape timed out'));
  }

  /** The outer signal aborted (an EventTarget calls a listener object's handleEvent). */
  handleEvent(): void {
    this.controller.abort(this.outer?.reason);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.outer?.removeEventListener('abort', this);
  }
}

function timeUp(deadline: Deadline): void {
  deadline.expire();
}

/** Runs `work`, but answers SCRAPE_TIMEOUT the moment the deadline passes, whatever `work` is doing. */
function raceDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export function createScraper(deps: ScraperDeps): Scraper {
  const { store } = deps;

  async function fromCache(input: ScrapeInput, key: string, scrapeId: string): Promise<Document | null> {
    const o = input.options;
    const now = Date.now();
    let found;
    if (o.lockdown) {
      found = await store.scrapes.findCached<Document>(input.teamId, key, new Date(0), new Date(now));
      if (!found) throw new ScrapeError('SCRAPE_LOCKDOWN_CACHE_MISS', 'No cached copy of this page exists (lockdown mode never fetches)');
    } else if (o.minAge !== undefined) {
      found = await store.scrapes.findCached<Document>(input.teamId, key, new Date(0), new Date(now - o.minAge));
      if (!found) throw new ScrapeError('SCRAPE_NO_CACHED_DATA', `No cached copy of this page at least ${o.minAge} ms old exists`);
    } else if (o.maxAge > 0) {
      found = await store.scrapes.findCached<Document>(input.teamId, key, new Date(now - o.maxAge), new Date(now));
    }
    if (!found) return null;
    const doc = found.document;
    return {
      ...doc,
      metadata: { ...doc.metadata, sourceURL: input.sourceURL, scrapeId, cacheState: 'hit', cachedAt: found.createdAt },
    };
  }

  async function fresh(input: ScrapeInput, scrapeId: string, options: ScrapeOptions): Promise<{ doc: Document; credits: number }> {
    const deadline = new Deadline(options.timeout, input.signal);
    try {
      const work = (async () => {
        const page = await fetchPage(deps, input.url, options, deadline);
        input.onFetched?.();
        const built = mediaResponseContent(page, options) ?? (await buildContent(page, withPageContent(options), deadline.signal));
        const media = wantsMedia(options)
          ? await mediaOf(page, { egress: deps.egress, options, signal: deadline.signal, remaining: () => deadline.remaining() })
          : undefined;
        return { page, built, media };
      })();
      const { page, built, media } = await raceDeadline(work, deadline.signal);
      const expiresAt = new Date(Date.now() + deps.resultRetentionMs).toISOString();
      const publish = (c: Parameters<typeof publishCapture>[1]) =>
        publishCapture(store.artifacts, c, { teamId: input.teamId, baseUrl: input.baseUrl, expiresAt });

      const warnings = [...page.warnings, ...built.warnings, ...(media?.warnings ?? [])];
      const credits = Math.max(1, built.pdfPages);
      const metadata: DocumentMetadata = {
        ...built.doc.metadata,
        sourceURL: input.sourceURL,
        url: page.url,
        statusCode: page.status,
        scrapeId,
        ...(page.contentType && { contentType: page.contentType }),
        proxyUsed: page.proxyUsed,
        cacheState: 'miss',
        creditsUsed: credits,
        engine: page.engine,
        ...(page.engine === 'browser' && { timezone: localeFor(options.location).timezoneId ?? HOST_TIME_ZONE }),
      };
      if (page.status >= 400) metadata.error = STATUS_TEXT[page.status] ?? `The page answered HTTP ${page.status}`;

      const doc: Document = { ...built.doc, metadata };
      if (page.screenshot) doc.screenshot = await publish(page.screenshot);
      if (page.branding) doc.branding = page.branding;
      if (media?.video) doc.video = await publish(media.video);
      if (media?.audio) doc.audio = await publish(media.audio);
      if (options.actions?.length && page.actions) {
        doc.actions = {
          screenshots: await Promise.all(page.actions.screenshots.map(publish)),
          scrapes: page.actions.scrapes,
          javascriptReturns: page.actions.javascriptReturns,
          pdfs: await Promise.all(page.actions.pdfs.map(publish)),
        };
      }
      if (warnings.length) doc.warning = warnings.join(' ');
      return { doc, credits };
    } catch (err) {
      const mapped = toScrapeError(deadline.timedOut() ? deadline.signal.reason : err, deadline.timedOut());
      throw mapped ?? err;
    } finally {
      deadline.dispose();
    }
  }

  /** The formats read from the page's content (summary, json, …), within what is left of the scrape's `timeout` (§1.13). */
  async function derive(input: ScrapeInput, doc: Document, scrapeId: string, startedAt: number) {
    const deadline = new Deadline(Math.max(1, input.options.timeout - (Date.now() - startedAt)), input.signal);
    try {
      const out = await deriveFormats({
        doc,
        page: pageInputOf(doc, doc.rawHtml),
        options: input.options,
        url: input.url,
        zeroDataRetention: !!input.zeroDataRetention,
        teamId: input.teamId,
        apiKeyId: input.apiKeyId,
        scrapeId,
        fromCache: doc.metadata.cacheState === 'hit',
        llm: deps.llm,
        store,
        signal: deadline.signal,
      });
      if (input.signal?.aborted) throw input.signal.reason;
      if (out.warnings.length) doc.warning = [doc.warning, ...out.warnings].filter(Boolean).join(' ');
      return { complete: out.complete, tokens: out.usage.totalTokens };
    } finally {
      deadline.dispose();
    }
  }

  return {
    async scrape(input) {
      const options = input.options;
      // Read on every scrape (one indexed row), so a PUT applies at once on every process.
      const teamPolicy = await store.teamSettings.get<TeamThreatPolicy>(input.teamId, THREAT_PROTECTION);
      assertAllowed(teamPolicy, options.threatProtection, input.url);
      const scrapeId = input.scrapeId ?? randomUUID();
      const startedAt = Date.now();
      // A batch or crawl page re-run after a crash passes the same id: what the
      // first run finished is answered again, neither fetched nor charged twice.
      if (input.scrapeId) {
        const prior = await store.scrapes.get<Document>(scrapeId);
        if (prior && prior.teamId === input.teamId) return prior.document;
      }
      const canCache = cacheable(options) && !input.zeroDataRetention;
      const key = cacheKey(input.url, options);

      const consultsCache = (canCache && options.maxAge > 0) || options.lockdown || options.minAge !== undefined;
      let doc = consultsCache ? await fromCache(input, key, scrapeId) : null;
      const cached = doc !== null;
      let credits = 1;
      if (!doc) ({ doc, credits } = await fresh(input, scrapeId, options));
      else doc.metadata.creditsUsed = credits;
      // Firecrawl says "miss" only when it looked; a page it never looked up has no cacheState.
      if (!consultsCache) delete doc.metadata.cacheState;

      let complete = true;
      let tokens = 0;
      if (wantsDerived(options)) {
        ({ complete, tokens } = await derive(input, doc, scrapeId, startedAt));
        doc = withoutUnrequested(doc, options);
        doc.metadata.creditsUsed = credits + tokensToCredits(tokens);
      }

      // Saved before charging: a crash in between leaves a page unbilled, never billed twice.
      if (!input.zeroDataRetention && !options.lockdown) {
        const now = new Date();
        await store.scrapes.save({
          id: scrapeId,
          teamId: input.teamId,
          url: input.url,
          // A copy served from cache is not cached again: its age is that of the original.
          // Nor is one whose summary or json could not be produced: a retry should try again.
          cacheKey: canCache && options.storeInCache && complete && !cached ? key : null,
          document: doc,
          // Kept for interact (§3.3), which replays the page the way it was scraped.
          options,
          createdAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + deps.resultRetentionMs).toISOString(),
        });
        if (!cached) deps.onFreshPage?.(input.teamId, doc);
      }
      await charge(store, { teamId: input.teamId, apiKeyId: input.apiKeyId, kind: 'scrape', jobId: scrapeId, credits });
      // Model usage is billed as tokens (1 credit = 15), its own ledger entry.
      if (tokens > 0) await charge(store, { teamId: input.teamId, apiKeyId: input.apiKeyId, kind: 'scrape-llm', jobId: scrapeId, tokens });
      return doc;
    },
    async close() {
      await deps.browser.close();
      await deps.egress.close();
    },
  };
}
