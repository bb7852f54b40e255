import type { CrawlRequest } from '../../api/index.js';
import { creditBalance } from '../../billing/credits.js';
import type { RequestContext } from '../../http/route.js';
import { readPromptOfRequest } from '../prompt/index.js';
import { CRAWL_PAGE, type CrawlOptions, type CrawlPagePayload, type CrawlSettings, crawlResource, pageTaskId } from '../job.js';
import { CrawlRules } from '../rules.js';
import type { JobStartDeps } from '../../jobs/start-deps.js';
import type { Llm } from '../../llm/types.js';

/** A crawl's start reads its prompt with the model, besides what every job start takes. */
export interface CrawlStartDeps extends JobStartDeps {
  llm: Llm;
}

/**
 * The crawler options of the request, with the prompt's filling in what the
 * caller did not set (§7.1: explicit fields win). Explicit means present in
 * the body as sent, since the parsed body has every default filled in.
 */
async function crawlOptionsOf(deps: CrawlStartDeps, ctx: RequestContext<CrawlRequest>) {
  const { url: _url, prompt, webhook: _webhook, origin: _origin, integration: _integration, ...explicit } = ctx.body;
  const options: CrawlOptions = explicit;
  if (!prompt) return { options, warning: undefined };
  // Never a 400 (Firecrawl's clients send prompts as they come): what could not be read is in the warning.
  const { options: derived, warning } = await readPromptOfRequest(deps, ctx, ctx.body.url, prompt);
  const sent = (ctx.req.body ?? {}) as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...options };
  for (const [name, value] of Object.entries(derived)) if (sent[name] == null) merged[name] = value;
  return { options: merged as CrawlOptions, derived, warning };
}

/**
 * Pages of a single-host crawl in hand at once for each request the host gate lets be in
 * flight to the host: the gate is free again once a page's response is in, so a page stays
 * in hand well after (turned into markdown on a transform thread, its links admitted, its
 * Document and task stored). With no more pages in hand than requests allowed in flight, the
 * crawl ran in lockstep: 8 requests went out together, then nothing was fetched while those
 * 8 pages were transformed and stored, and the main thread stood idle while the transform
 * thread worked. At 2, 3 and 4 times the allowance a bench crawl's main thread spent less a
 * page the more pages it had in hand (one commit, claim and transform message for more of them).
 */
const PAGES_IN_HAND_PER_REQUEST = 4;

/**
 * Pages of one crawl that may be in hand at once: one with a delay (§7.1);
 * when every page is on one host, a few times the per-host allowance (see
 * above), so that the queue does not hand out many more slots than the host
 * gate would only keep waiting; otherwise the caller's figure, within the
 * team's limit, which the queue applies.
 */
export function crawlConcurrency(options: CrawlOptions, hostConcurrency: number): number | null {
  if (options.delay !== undefined) return 1;
  const requested = options.maxConcurrency ?? null;
  if (options.allowExternalLinks || options.allowSubdomains) return requested;
  const inHand = hostConcurrency * PAGES_IN_HAND_PER_REQUEST;
  return Math.min(requested ?? inHand, inHand);
}

/**
 * `POST /v2/crawl` (§7.1): a crawl job whose first task is its start page,
 * which reads robots.txt and the sitemaps before scraping itself; each page
 * then admits the pages it links to.
 */
export async function startCrawl(deps: CrawlStartDeps, ctx: RequestContext<CrawlRequest>, hostConcurrency: number) {
  const { body, team } = ctx;
  const { options, derived, warning } = await crawlOptionsOf(deps, ctx);
  // §1.10: a team with at least one credit gets a crawl clamped to what it has left.
  const { remainingCredits } = await creditBalance(deps.store, team);
  if (remainingCredits >= 1) options.limit = Math.min(options.limit, remainingCredits);

  const formats = options.scrapeOptions.formats;
  const asksLinks = formats.some((f) => f.type === 'links');
  const baseUrl = ctx.baseUrl;
  const settings: CrawlSettings = {
    url: body.url,
    options,
    page: {
      options: asksLinks ? options.scrapeOptions : { ...options.scrapeOptions, formats: [...formats, { type: 'links' as const }] },
      teamId: team.id,
      apiKeyId: ctx.apiKey?.id ?? null,
      baseUrl,
      zeroDataRetention: options.zeroDataRetention,
    },
    stripLinks: !asksLinks,
  };
  const job = await deps.store.jobs.create({
    kind: crawlResource.kind,
    teamId: team.id,
    options: settings,
    maxConcurrency: crawlConcurrency(options, hostConcurrency),
  });
  const ref = { id: job.id, kind: job.kind, teamId: job.teamId };
  // Before any page can exist, so the job's webhook hears `started` first.
  await deps.events.emit({ type: 'started', job: ref, webhook: body.webhook });

  const start = new URL(body.url);
  const key = new CrawlRules(body.url, options).key(start);
  await deps.store.crawls.admit(job.id, job.id, options.limit, [{ key, url: start.href, depth: 0 }]);
  const sent = (ctx.req.body as { url?: unknown } | undefined)?.url;
  const sourceURL = typeof sent === 'string' ? sent : body.url;
  await deps.queue.enqueue<CrawlPagePayload>({
    id: pageTaskId(job.id, key),
    kind: CRAWL_PAGE,
    teamId: team.id,
    jobId: job.id,
    payload: { url: start.href, sourceURL, depth: 0, seed: true },
  });

  return {
    success: true,
    id: job.id,
    url: `${baseUrl}${crawlResource.path}/${job.id}`,
    ...(derived && { promptGeneratedOptions: derived, finalCrawlerOptions: options }),
    ...(warning && { warning }),
  };
}
