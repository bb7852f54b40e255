import { randomUUID } from 'node:crypto';
import type { MapRequest } from '../api/index.js';
import { charge } from '../billing/credits.js';
import { createEgress } from '../egress/index.js';
import { TrawlError } from '../errors/trawl-error.js';
import type { RequestContext } from '../http/route.js';
import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import { mapSite } from './discover.js';

/** A map reads the team's known pages and fetches under the egress rules. */
export interface MapDeps {
  store: Store;
  config: Pick<Config, 'egress'>;
}

const mapTimeout = () => new TrawlError('MAP_TIMEOUT');

// Enough of a big site's known pages to matter, few enough to read in one indexed query.
const MAX_KNOWN = 5000;

/**
 * The team's earlier fetched pages of the site (the search index every fresh
 * scrape and crawl page feeds), as Firecrawl's map also answers from its index.
 */
async function knownPages(deps: MapDeps, ctx: RequestContext<MapRequest>, url: string) {
  const start = new URL(url);
  const host = start.hostname.replace(/^www\./, '');
  const hits = await deps.store.pages.search({
    teamId: ctx.team.id, required: [], excluded: [], hosts: [host], excludedHosts: [], categories: [], pdfOnly: false, order: 'date', limit: MAX_KNOWN,
  });
  // The index matches subdomains too: the map's scope (includeSubdomains, filterByPath) decides in mapSite.
  // Another port of the same host is another site.
  const samePort = (u: string) => URL.canParse(u) && new URL(u).port === start.port;
  return hits.filter((h) => samePort(h.url)).map((h) => ({ url: h.url, ...(h.title && { title: h.title }), ...(h.description && { description: h.description }) }));
}

/** `POST /v2/map` (§6): one synchronous discovery, one credit. */
export async function mapHandler(deps: MapDeps, ctx: RequestContext<MapRequest>) {
  const body = ctx.body;
  const { config } = deps;
  const controller = new AbortController();
  ctx.req.raw.once('close', () => {
    if (!ctx.reply.sent) controller.abort(new Error('The client closed the connection'));
  });
  // Its own client, so that closing it when the map ends drops whatever fetches are still open.
  const egress = createEgress(config.egress);
  let timer: NodeJS.Timeout | undefined;
  try {
    const known = body.ignoreCache ? [] : await knownPages(deps, ctx, body.url);
    const work = mapSite(egress, {
      url: body.url,
      ...(body.search !== undefined && { search: body.search }),
      sitemap: body.sitemap,
      includeSubdomains: body.includeSubdomains,
      ignoreQueryParameters: body.ignoreQueryParameters,
      filterByPath: body.filterByPath,
      limit: body.limit,
      known,
      signal: controller.signal,
    });
    // The deadline answers on time even if a fetch is slow to notice the abort.
    const deadline = new Promise<never>((_, reject) => {
      if (body.timeout === undefined) return;
      timer = setTimeout(() => {
        controller.abort(mapTimeout());
        reject(mapTimeout());
      }, body.timeout);
    });
    work.catch(() => {});
    const links = await Promise.race([work, deadline]);
    const id = randomUUID();
    await charge(deps.store, { teamId: ctx.team.id, apiKeyId: ctx.apiKey?.id ?? null, kind: 'map', credits: 1, jobId: id });
    return { success: true, links, id };
  } finally {
    clearTimeout(timer);
    controller.abort();
    void egress.close().catch(() => {});
  }
}
