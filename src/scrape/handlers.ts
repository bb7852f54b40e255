import type { ScrapeRequest } from '../api/index.js';
import { TrawlError } from '../errors/trawl-error.js';
import type { RequestContext } from '../http/route.js';
import type { Document } from '../api/document.js';
import type { Scraper } from './scraper.js';
import type { Store } from '../store/store.js';

/** Aborts when the caller hangs up, so an abandoned scrape stops using the browser. */
function disconnectSignal(ctx: RequestContext): AbortSignal {
  const controller = new AbortController();
  ctx.req.raw.once('close', () => {
    if (!ctx.reply.sent) controller.abort(new Error('The client closed the connection'));
  });
  return controller.signal;
}

export async function scrapeHandler(deps: { scraper: Scraper; store: Store }, ctx: RequestContext<ScrapeRequest>) {
  const body = ctx.body;
  const raw = ctx.req.body as { url?: unknown };
  const doc = await deps.scraper.scrape({
    url: body.url,
    sourceURL: typeof raw?.url === 'string' ? raw.url : body.url,
    options: body,
    teamId: ctx.team.id,
    apiKeyId: ctx.apiKey?.id ?? null,
    baseUrl: ctx.baseUrl,
    zeroDataRetention: body.zeroDataRetention,
    signal: disconnectSignal(ctx),
  });
  return { success: true, data: doc, scrape_id: doc.metadata.scrapeId, ...(doc.warning && { warning: doc.warning }) };
}

export async function getScrapeHandler(deps: { scraper: Scraper; store: Store }, ctx: RequestContext<unknown, unknown, { jobId: string }>) {
  const found = await deps.store.scrapes.get<Document>(ctx.params.jobId);
  if (!found) throw new TrawlError('RESOURCE_NOT_FOUND', 'Job not found.');
  if (found.teamId !== ctx.team.id) throw new TrawlError('FORBIDDEN', 'You are not allowed to access this resource.');
  return { success: true, data: found.document };
}
