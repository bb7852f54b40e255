import { checkUrl } from '../api/common.js';
import { scrapeOptions } from '../api/index.js';
import { charge, tokensToCredits } from '../billing/credits.js';
import { normalizeUrl, urlKey } from '../crawl/url.js';
import { readPages } from '../extract/pages.js';
import type { ExtractRunDeps } from '../extract/run.js';
import type { TokenUsage } from '../llm/index.js';
import { mapSite } from '../map/discover.js';
import type { Document } from '../api/document.js';
import type { Job } from '../store/jobs.js';
import type { AgentSettings } from './job.js';
import type { Tracer } from './trace.js';

/** What a run works with: the same as an extract's. */
export type AgentDeps = ExtractRunDeps;

/** The next step would take the run past its `maxCredits`. */
export class BudgetReached extends Error {
  constructor(maxCredits: number) {
    super(`The run reached its budget of ${maxCredits} credits`);
  }
}

/** A tool the run may not use here; the planner is told and tries something else. */
export class ToolRefused extends Error {}

/** Hits of one search, and links of one map, the run takes in. */
const SEARCH_HITS = 5;
const MAP_LINKS = 50;
/** The §2.1 defaults: an agent reads pages as a plain /v2/scrape would, cache included. */
const DEFAULT_SCRAPE_OPTIONS = scrapeOptions.parse({});

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
const keyOf = (url: string) => {
  const parsed = normalizeUrl(url);
  return parsed ? urlKey(parsed) : url;
};

/**
 * One run's tools and what they have gathered: each call is checked against
 * the budget, traced (tool_call.started / .finished), and its credits added
 * to the run's spend and charged to the team.
 */
export class AgentToolbox {
  /** Pages read, by URL, in the order they were read. */
  readonly pages = new Map<string, Document>();
  /** What each step found, as the planner reads it back. */
  readonly notes: string[] = [];
  private calls = 0;

  constructor(
    readonly deps: AgentDeps,
    readonly job: Job<AgentSettings>,
    readonly tracer: Tracer,
    readonly signal: AbortSignal,
    public spent: number,
  ) {}

  get settings(): AgentSettings {
    return this.job.options;
  }

  /** Throws BudgetReached unless `cost` more credits fit in maxCredits. */
  afford(cost: number): void {
    if (this.spent + cost > this.settings.maxCredits) throw new BudgetReached(this.settings.maxCredits);
  }

  /** Adds to the run's spend; `ledger` charges the team too (scrapes charge themselves). */
  async spend(credits: number, ledger: boolean): Promise<void> {
    if (credits <= 0) return;
    this.spent = await this.deps.store.agents.spend(this.job.id, credits);
    if (ledger) {
      const { teamId, apiKeyId } = this.settings;
      await charge(this.deps.store, { teamId, apiKeyId, kind: 'agent', jobId: this.job.id, credits });
    }
  }

  /** Model tokens are billed as they are spent: 1 credit per 15 tokens, rounded up per call. */
  async spendTokens(usage: TokenUsage): Promise<void> {
    await this.spend(tokensToCredits(usage.totalTokens), true);
  }

  private allowed(url: string): boolean {
    if (!this.settings.strictConstrainToURLs) return true;
    const key = keyOf(url);
    return this.settings.urls.some((u) => keyOf(u) === key);
  }

  private async call<T>(toolName: string, parameters: Record<string, unknown>, work: () => Promise<{ value: T; result: unknown }>): Promise<T> {
    const toolCallId = `call_${++this.calls}`;
    await this.tracer.record('tool_call.started', { toolCallId, toolName, parameters });
    try {
      const { value, result } = await work();
      await this.tracer.record('tool_call.finished', { toolCallId, toolName, result });
      return value;
    } catch (err) {
      if (this.signal.aborted) throw err;
      await this.tracer.record('tool_call.finished', { toolCallId, toolName, result: { error: messageOf(err) } });
      // A search provider or site that fails is one failed step, not a failed run.
      throw new ToolRefused(`${toolName} failed: ${messageOf(err)}`);
    }
  }

  async search(query: string): Promise<string[]> {
    const { search } = this.deps;
    if (this.settings.strictConstrainToURLs) throw new ToolRefused('search is off: the run is constrained to its URLs');
    if (!search) throw new ToolRefused('search is not available on this server');
    this.afford(SEARCH_HITS);
    return this.call('search', { query }, async () => {
      const hits = await search.search({
        query,
        sources: { web: {} },
        limit: SEARCH_HITS,
        teamId: this.settings.teamId,
        categories: [],
        includeDomains: [],
        excludeDomains: [],
        signal: this.signal,
      });
      const web = (hits.web ?? []).filter((h) => 'url' in checkUrl(h.url));
      // Like /v2/search: one credit per result.
      await this.spend(web.length, true);
      const lines = web.map((h) => `${h.url}${h.title ? ` — ${h.title}` : ''}${h.description ? `: ${h.description.slice(0, 200)}` : ''}`);
      this.notes.push(`search "${query}" found ${web.length} results:\n${lines.join('\n') || '(none)'}`);
      return { value: web.map((h) => h.url), result: { results: web.map((h) => ({ url: h.url, title: h.title ?? null })) } };
    });
  }

  async map(url: string): Promise<string[]> {
    if (this.settings.strictConstrainToURLs) throw new ToolRefused('map is off: the run is constrained to its URLs');
    const checked = checkUrl(url);
    if ('error' in checked) throw new ToolRefused(`${url}: ${checked.error}`);
    this.afford(1);
    return this.call('map', { url: checked.url }, async () => {
      const links = await mapSite(this.deps.fetcher, {
        url: checked.url,
        search: this.settings.prompt,
        sitemap: 'include',
        includeSubdomains: false,
        ignoreQueryParameters: true,
        filterByPath: false,
        limit: MAP_LINKS,
        signal: this.signal,
      });
      // Like /v2/map: one credit a call.
      await this.spend(1, true);
      this.notes.push(`map ${checked.url} found ${links.length} URLs:\n${links.map((l) => l.url + (l.title ? ` — ${l.title}` : '')).join('\n')}`);
      return { value: links.map((l) => l.url), result: { links: links.length } };
    });
  }

  /** Reads a page (once per run); answers why it could not be read, or null. */
  async scrape(url: string): Promise<string | null> {
    const checked = checkUrl(url);
    if ('error' in checked) throw new ToolRefused(`${url}: ${checked.error}`);
    if (!this.allowed(checked.url)) throw new ToolRefused(`${checked.url} is not one of the run's URLs`);
    if (this.pages.has(checked.url)) return null;
    this.afford(1);
    return this.call<string | null>('scrape', { url: checked.url }, async () => {
      const { store, scraper } = this.deps;
      const [read] = await readPages({ scraper, results: store.results }, this.job.id, [checked.url], this.readSettings(), this.signal);
      if (!read || 'error' in read) {
        const error = read?.error ?? 'no answer';
        this.notes.push(`scrape ${checked.url} failed: ${error}`);
        return { value: error, result: { error } };
      }
      // The scraper charged the team for it already.
      if (read.fresh) await this.spend(read.document.metadata.creditsUsed, false);
      this.pages.set(checked.url, read.document);
      const title = read.document.metadata.title ?? '';
      const text = (read.document.markdown ?? '').replace(/\s+/g, ' ').slice(0, 1500);
      this.notes.push(`scrape ${checked.url} (${title}):\n${text}`);
      return { value: null, result: { url: checked.url, title: title || null, characters: read.document.markdown?.length ?? 0 } };
    });
  }

  private readSettings() {
    const { teamId, apiKeyId, baseUrl } = this.settings;
    return { scrapeOptions: DEFAULT_SCRAPE_OPTIONS, teamId, apiKeyId, baseUrl };
  }
}
