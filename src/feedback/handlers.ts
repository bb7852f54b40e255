import { randomUUID } from 'node:crypto';
import type { FeedbackRequest, SearchFeedbackRequest } from '../api/index.js';
import { TrawlError } from '../errors/trawl-error.js';
import type { RequestContext } from '../http/route.js';
import type { Store } from '../store/store.js';

type Signals = Pick<SearchFeedbackRequest, 'rating' | 'valuableSources' | 'missingContent' | 'querySuggestions'>;

/** §14.1: each rating needs the signal that makes it useful (the MCP server's tool says the same). */
function missingSignal({ rating, valuableSources, missingContent, querySuggestions }: Signals): string | null {
  const sources = !!valuableSources?.length;
  const missing = !!missingContent?.length;
  if (rating === 'good' && !sources) return 'A "good" rating needs at least one entry in valuableSources';
  if (rating === 'partial' && !sources && !missing) return 'A "partial" rating needs valuableSources or missingContent';
  if (rating === 'bad' && !missing && !querySuggestions) return 'A "bad" rating needs missingContent or querySuggestions';
  return null;
}

/**
 * Stores the rating of one job. Scrapes are kept, so one that is not this
 * team's is 404; searches and maps leave no record to check against, so their
 * ids are taken as given. A second rating of the same job keeps the first.
 */
async function submit(deps: { store: Store }, ctx: RequestContext, endpoint: string, jobId: string, request: Signals & Record<string, unknown>) {
  const problem = missingSignal(request);
  if (problem) throw new TrawlError('BAD_REQUEST', `Bad Request: ${problem}`, { details: [{ code: 'custom', path: [], message: problem }] });
  if (endpoint === 'scrape') {
    const scrape = await deps.store.scrapes.get(jobId);
    if (!scrape || scrape.teamId !== ctx.team.id) throw new TrawlError('RESOURCE_NOT_FOUND', 'Job not found for this team');
  }
  const { rating, ...body } = request;
  const { feedback, created } = await deps.store.feedback.submit({
    id: randomUUID(),
    teamId: ctx.team.id,
    endpoint,
    jobId,
    rating,
    body,
    createdAt: new Date().toISOString(),
  });
  // Self-hosted credits are the operator's own: feedback is recorded, never refunded.
  return {
    success: true,
    feedbackId: feedback.id,
    creditsRefunded: 0,
    alreadySubmitted: !created,
    dailyCapReached: false,
    creditsRefundedToday: 0,
    dailyRefundCap: 0,
  };
}

/** `POST /v2/feedback` (§14.1). */
export async function feedbackHandler(deps: { store: Store }, ctx: RequestContext<FeedbackRequest>) {
  const { endpoint, jobId, ...rest } = ctx.body;
  return submit(deps, ctx, endpoint, jobId, rest);
}

/** `POST /v2/search/{jobId}/feedback` (§14.2). */
export async function searchFeedbackHandler(deps: { store: Store }, ctx: RequestContext<SearchFeedbackRequest, unknown, { jobId: string }>) {
  return submit(deps, ctx, 'search', ctx.params.jobId, ctx.body);
}

/** `GET /v2/feedback`: the team's feedback, newest first (a Trawl extension, for the dashboard and operators). */
export async function listFeedback(deps: { store: Store }, ctx: RequestContext<unknown, { endpoint?: string | undefined; limit: number }>) {
  const items = await deps.store.feedback.list(ctx.team.id, ctx.query);
  return {
    success: true,
    data: items.map((f) => ({ id: f.id, endpoint: f.endpoint, jobId: f.jobId, rating: f.rating, ...f.body, createdAt: f.createdAt })),
  };
}
