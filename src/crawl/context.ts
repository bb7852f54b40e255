import type { JobRef } from '../jobs/events.js';
import type { Store } from '../store/store.js';
import type { CrawlSettings } from './job.js';
import { CrawlRules, type Verdict } from './rules.js';
import { normalizeUrl } from './url.js';

/** What every page of a crawl needs, read and compiled once per crawl rather than per page. */
export interface CrawlContext {
  ref: JobRef;
  settings: CrawlSettings;
  rules: CrawlRules;
  /** Wait between page requests: the caller's `delay`, else robots.txt's Crawl-delay, else 0. */
  delayMs: number;
  /** What this process learnt of the crawl's frontier (see Admitted). */
  admitted: Admitted;
  /** The links this process has read for the crawl (see ReadLinks). */
  links: ReadLinks;
}

/** Keys remembered per crawl at most: a very large crawl asks the store about the rest. */
const MAX_REMEMBERED = 20_000;

/**
 * The frontier as far as this process has seen it admitted: each page's key
 * and the task that admitted it, and whether the crawl was full. Both only
 * ever grow in the store, so a link to a page another task admitted can be
 * dropped without asking the store or robots.txt again — most links of a
 * crawl point at pages already admitted. A key it does not know may still be
 * in the store (admitted by another process, or before a restart, by a task
 * that re-runs now and must enqueue it again), so those are always asked.
 */
export class Admitted {
  private readonly parents = new Map<string, string>();
  /** The crawl had reached its limit when last asked. */
  full = false;

  /** The task that admitted `key`, when this process saw it. */
  parentOf(key: string): string | undefined {
    return this.parents.get(key);
  }

  remember(parent: string, keys: readonly string[], full: boolean): void {
    for (const key of keys) if (this.parents.size < MAX_REMEMBERED) this.parents.set(key, parent);
    if (full) this.full = true;
  }
}

/** A link as the crawl reads it: its normalised URL, its key and where it stands. */
export interface ReadLink {
  href: string;
  key: string;
  verdict: Verdict;
}

/**
 * Links already read for a crawl, by their text. Most links of a site are on many of its
 * pages (navigation, related pages), and reading one (parsing, the crawl's rules, its key)
 * cost more of a page's main thread than finding it here. Only absolute http(s) texts are
 * kept: no base changes what they read as.
 */
export class ReadLinks {
  private readonly read = new Map<string, ReadLink | null>();

  constructor(private readonly rules: CrawlRules) {}

  /** `href` read against `base`; null when it is no http(s) URL. */
  of(href: string, base: string | undefined): ReadLink | null {
    const absolute = href.startsWith('https://') || href.startsWith('http://');
    let link = absolute ? this.read.get(href) : undefined;
    if (link !== undefined) return link;
    const url = normalizeUrl(href, base);
    link = url && { href: url.href, key: this.rules.key(url), verdict: this.rules.verdict(url) };
    if (absolute && this.read.size < MAX_REMEMBERED) this.read.set(href, link);
    return link;
  }
}

/**
 * Contexts of the crawls this process is working on. A crawl's options never
 * change, and its delay is settled by its start page before any other page
 * is admitted, so a context once loaded stays true.
 */
export class CrawlContexts {
  private readonly loaded = new Map<string, Promise<CrawlContext>>();

  constructor(
    private readonly store: Store,
    private readonly maxEntries = 64,
  ) {}

  get(jobId: string): Promise<CrawlContext> {
    let ctx = this.loaded.get(jobId);
    if (!ctx) {
      if (this.loaded.size >= this.maxEntries) this.loaded.delete(this.loaded.keys().next().value!);
      ctx = this.load(jobId);
      this.loaded.set(jobId, ctx);
      ctx.catch(() => this.loaded.delete(jobId));
    }
    return ctx;
  }

  private async load(jobId: string): Promise<CrawlContext> {
    const job = await this.store.jobs.get<CrawlSettings>(jobId);
    if (!job) throw new Error(`Crawl ${jobId} does not exist`);
    const settings = job.options;
    const delay = settings.options.delay;
    const rules = new CrawlRules(settings.url, settings.options);
    return {
      ref: { id: job.id, kind: job.kind, teamId: job.teamId },
      settings,
      rules,
      admitted: new Admitted(),
      links: new ReadLinks(rules),
      delayMs: delay !== undefined ? Math.round(delay * 1000) : ((await this.store.crawls.delayMs(jobId)) ?? 0),
    };
  }
}
