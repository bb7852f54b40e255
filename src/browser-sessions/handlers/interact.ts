import type { ScrapeOptions, InteractRequest } from '../../api/index.js';
import { TrawlError } from '../../errors/trawl-error.js';
import type { RequestContext } from '../../http/route.js';
import { checkRunnable, executeBody, runInSession } from '../execute.js';
import { endedBody, sessionGone, type SessionDeps, sessionsOf } from './sessions.js';
import { sessionLinks } from '../links.js';
import { replayOf } from '../replay.js';
import type { LiveSession } from '../session.js';

type Ctx<B = unknown> = RequestContext<B, unknown, { jobId: string }>;

/** Reference lifecycle of a scrape-bound session (§3.3). */
const INTERACT_TTL_MS = 10 * 60_000;
const INTERACT_IDLE_MS = 5 * 60_000;

// Two first calls at once must share one session, not race to open two.
const opening = new Map<string, Promise<LiveSession>>();

async function sessionForScrape(deps: SessionDeps, ctx: Ctx<InteractRequest>): Promise<LiveSession> {
  const { manager } = sessionsOf(deps);
  const jobId = ctx.params.jobId;
  const scrape = await deps.store.scrapes.get(jobId);
  if (!scrape) throw new TrawlError('RESOURCE_NOT_FOUND', 'Job not found.');
  if (scrape.teamId !== ctx.team.id) throw new TrawlError('FORBIDDEN', 'Forbidden.');
  const pending = opening.get(jobId);
  if (pending) return pending;
  const existing = await deps.store.browserSessions.findByScrape(jobId);
  if (existing) {
    const live = manager.get(existing.id);
    if (!live) throw sessionGone();
    return live;
  }
  const options = (scrape.options ?? {}) as Partial<ScrapeOptions>;
  const open = manager.open({
    teamId: ctx.team.id,
    apiKeyId: ctx.apiKey?.id ?? null,
    ttlMs: INTERACT_TTL_MS,
    activityTtlMs: INTERACT_IDLE_MS,
    streamWebView: true,
    scrapeId: jobId,
    ...replayOf(scrape.url, options),
  });
  opening.set(jobId, open);
  try {
    return await open;
  } finally {
    opening.delete(jobId);
  }
}

/** §3.3: the first call opens a browser on the scraped page; later ones continue in it. */
export async function interactHandler(deps: SessionDeps, ctx: Ctx<InteractRequest>) {
  const { tokens } = sessionsOf(deps);
  const run = { language: ctx.body.language, code: ctx.body.code, prompt: ctx.body.prompt, timeoutSeconds: ctx.body.timeout };
  checkRunnable(run, deps.llm);
  const session = await sessionForScrape(deps, ctx);
  const result = await runInSession(session, run, deps.llm);
  return {
    ...executeBody(result),
    ...sessionLinks(tokens, { id: session.id, expiresAt: session.expiresAt, live: true }, ctx.baseUrl),
  };
}

/** §3.4: ends the scrape's session; saving a writable profile happens as its browser closes. */
export async function stopInteractionHandler(deps: SessionDeps, ctx: Ctx) {
  const { manager } = sessionsOf(deps);
  const stored = await deps.store.browserSessions.findByScrape(ctx.params.jobId);
  if (!stored) throw new TrawlError('RESOURCE_NOT_FOUND', 'Browser session not found.');
  if (stored.teamId !== ctx.team.id) throw new TrawlError('FORBIDDEN', 'Forbidden.');
  return endedBody(deps, stored.id, await manager.end(stored.id, 'deleted'), ctx);
}
