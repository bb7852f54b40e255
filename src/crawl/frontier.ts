import type { Queue } from '../jobs/queue.js';
import type { Store } from '../store/store.js';
import type { CrawlContext } from './context.js';
import { CRAWL_PAGE, type CrawlPagePayload, pageTaskId } from './job.js';
import type { RobotsCache } from './robots-cache.js';

export interface FoundUrl {
  href: string;
  depth: number;
}

export interface FrontierDeps {
  store: Store;
  queue: Queue;
  robots: RobotsCache;
}

const EXTERNAL_HOMEPAGE = "Skipped a link to another site's homepage (allowExternalLinks follows pages, not sites)";

/**
 * Takes URLs found by task `parent` (on its page, or in the sitemaps) into the
 * crawl: those its rules and robots.txt allow are admitted within the limit
 * and enqueued as pages; robots-blocked ones and external homepages are
 * recorded for the errors endpoint. Safe to repeat: a re-run of `parent`
 * enqueues what it admitted before, under the same task ids, which the queue
 * ignores when they exist. Answers whether the crawl is full.
 */
export async function admitUrls(
  deps: FrontierDeps,
  ctx: CrawlContext,
  parent: string,
  found: FoundUrl[],
  base: string | undefined,
  signal: AbortSignal,
): Promise<boolean> {
  const { settings, ref, admitted, links } = ctx;
  const { ignoreRobotsTxt, robotsUserAgent, limit } = settings.options;
  const candidates = [];
  const blocked: string[] = [];
  const homepages = new Map<string, string>();
  const seen = new Set<string>();
  for (const { href, depth } of found) {
    const link = links.of(href, base);
    if (!link || link.verdict === 'skip') continue;
    const { key, verdict } = link;
    if (seen.has(key)) continue;
    seen.add(key);
    // Admitted by another task already (the store would skip it): neither robots.txt nor the store is asked.
    const parentOf = admitted.parentOf(key);
    if (parentOf !== undefined && parentOf !== parent) continue;
    if (verdict === 'external-homepage') {
      homepages.set(key, link.href);
      continue;
    }
    if (!ignoreRobotsTxt && !(await deps.robots.get(new URL(link.href), robotsUserAgent, signal)).isAllowed(link.href)) {
      blocked.push(link.href);
      continue;
    }
    candidates.push({ key, url: link.href, depth });
  }

  if (!candidates.length && !blocked.length && !homepages.size) return admitted.full;
  const { entries, full } = await deps.store.crawls.admit(ref.id, parent, limit, candidates);
  admitted.remember(parent, entries.map((e) => e.key), full);
  await deps.queue.enqueueMany(
    entries.map((e) => ({
      id: pageTaskId(ref.id, e.key),
      kind: CRAWL_PAGE,
      teamId: ref.teamId,
      jobId: ref.id,
      payload: { url: e.url, sourceURL: e.url, depth: e.depth } satisfies CrawlPagePayload,
    })),
  );
  if (blocked.length) await deps.store.results.addRobotsBlocked(ref.id, blocked);
  for (const [key, url] of homepages) {
    await deps.store.results.addError(ref.id, {
      taskId: pageTaskId(ref.id, key),
      url,
      code: 'EXTERNAL_LINK',
      error: EXTERNAL_HOMEPAGE,
    });
  }
  return full;
}
