import type { JobRef } from '../jobs/events.js';
import type { Store } from '../store/store.js';
import type { CrawlSettings } from './job.js';
import { CrawlRules } from './rules.js';

/** What every page of a crawl needs, read and compiled once per crawl rather than per page. */
export interface CrawlContext {
  ref: JobRef;
  settings: CrawlSettings;
  rules: CrawlRules;
  /** Wait between page requests: the caller's `delay`, else robots.txt's Crawl-delay, else 0. */
  delayMs: number;
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
    return {
      ref: { id: job.id, kind: job.kind, teamId: job.teamId },
      settings,
      rules: new CrawlRules(settings.url, settings.options),
      delayMs: delay !== undefined ? Math.round(delay * 1000) : ((await this.store.crawls.delayMs(jobId)) ?? 0),
    };
  }
}
