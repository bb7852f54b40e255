import type { Task } from '../store/tasks.js';
import type { CrawlContext } from './context.js';
import { admitUrls, type FoundUrl, type FrontierDeps } from './frontier.js';
import type { CrawlPagePayload } from './job.js';
import { ALLOW_ALL, type Fetcher } from './robots.js';
import { sitemapEntries, sitemapRoots } from './sitemap.js';

/** A Crawl-delay beyond this is taken as this: an hour between pages would hold a crawl for days. */
const MAX_CRAWL_DELAY_MS = 60_000;
/** Sitemap URLs read per crawl, whatever the limit: the rules may skip most of them. */
const MAX_SITEMAP_URLS = 100_000;
const ADMIT_BATCH = 500;

/**
 * The start page's discovery, before it is scraped: robots.txt (its
 * Crawl-delay becomes the crawl's pace unless the caller set `delay`) and,
 * unless `sitemap` is `skip`, the sitemap URLs at depth 0. Answers whether
 * the start page itself is to be scraped: not when robots.txt or the
 * include/exclude patterns rule it out.
 */
export async function discoverFromStart(
  deps: FrontierDeps & { fetcher: Fetcher },
  ctx: CrawlContext,
  task: Task<CrawlPagePayload>,
  signal: AbortSignal,
): Promise<boolean> {
  const { settings, ref } = ctx;
  const { ignoreRobotsTxt, robotsUserAgent, delay, sitemap } = settings.options;
  const start = new URL(settings.url);
  const robots = ignoreRobotsTxt ? ALLOW_ALL : await deps.robots.get(start, robotsUserAgent, signal);
  if (delay === undefined && robots.crawlDelay) {
    const delayMs = Math.min(Math.round(robots.crawlDelay * 1000), MAX_CRAWL_DELAY_MS);
    await deps.store.crawls.setDelay(ref.id, delayMs);
    ctx.delayMs = delayMs;
  }
  if (sitemap !== 'skip') {
    let batch: FoundUrl[] = [];
    let full = false;
    for await (const entry of sitemapEntries(deps.fetcher, sitemapRoots(start, robots), { maxUrls: MAX_SITEMAP_URLS, signal })) {
      batch.push({ href: entry.url, depth: 0 });
      if (batch.length < ADMIT_BATCH) continue;
      full = await admitUrls(deps, ctx, task.id, batch, undefined, signal);
      batch = [];
      if (full) break;
    }
    if (batch.length && !full) await admitUrls(deps, ctx, task.id, batch, undefined, signal);
  }
  if (!ctx.rules.admitsStart(start)) return false;
  if (!robots.isAllowed(start.href)) {
    await deps.store.results.addRobotsBlocked(ref.id, [start.href]);
    return false;
  }
  return true;
}
