import type { RequestContext } from '../../http/route.js';
import { type CrawlSettings, crawlResource } from '../job.js';
import type { Store } from '../../store/store.js';

/** `GET /v2/crawl/active` and `/ongoing` (§7.5): the team's crawls still running. */
export async function activeCrawls(deps: { store: Store }, ctx: RequestContext) {
  const jobs = await deps.store.jobs.running<CrawlSettings>(ctx.team.id, crawlResource.kind);
  return {
    success: true,
    crawls: jobs.map((job) => ({
      id: job.id,
      teamId: job.teamId,
      url: job.options.url,
      created_at: job.createdAt,
      options: job.options.options,
    })),
  };
}
