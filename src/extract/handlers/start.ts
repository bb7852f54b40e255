import type { ExtractRequest } from '../../api/index.js';
import { TrawlError } from '../../errors/trawl-error.js';
import type { RequestContext } from '../../http/route.js';
import { EXTRACT_RUN, type ExtractSettings, extractResource } from '../job.js';
import type { JobStartDeps } from '../../jobs/start-deps.js';
import type { Config } from '../../config.js';

/** `POST /v2/extract` (§9.1): an extract job run by one durable task. */
export async function startExtract(deps: JobStartDeps & { config: Pick<Config, 'extractMaxUrls'> }, ctx: RequestContext<ExtractRequest>) {
  const { body, team } = ctx;
  const urls = body.urls ?? [];
  const max = deps.config.extractMaxUrls;
  if (urls.length > max) throw new TrawlError('INVALID_REQUEST', `At most ${max} URLs per extract request (TRAWL_EXTRACT_MAX_URLS); a trailing "/*" covers a whole section`);
  if (body.urls && !urls.length && !body.prompt) {
    throw new TrawlError('INVALID_REQUEST', `None of the ${body.invalidURLs.length} URLs is valid; they are all listed in invalidURLs`);
  }
  const baseUrl = ctx.baseUrl;
  const settings: ExtractSettings = {
    urls,
    prompt: body.prompt,
    schema: body.schema,
    systemPrompt: body.systemPrompt,
    limit: body.limit,
    ignoreSitemap: body.ignoreSitemap,
    includeSubdomains: body.includeSubdomains,
    enableWebSearch: body.enableWebSearch,
    showSources: body.showSources,
    urlTrace: body.urlTrace,
    timeout: body.timeout,
    scrapeOptions: body.scrapeOptions,
    teamId: team.id,
    apiKeyId: ctx.apiKey?.id ?? null,
    baseUrl,
  };
  const job = await deps.store.jobs.create({ kind: extractResource.kind, teamId: team.id, options: settings });
  await deps.store.extracts.create(job.id);
  // Before the task can end the job, so the webhook hears `started` first.
  await deps.events.emit({ type: 'started', job: { id: job.id, kind: job.kind, teamId: job.teamId }, webhook: body.webhook });
  await deps.queue.enqueue({ kind: EXTRACT_RUN, teamId: team.id, jobId: job.id, payload: {} });
  return {
    success: true,
    id: job.id,
    urlTrace: [],
    ...(body.invalidURLs.length > 0 && { invalidURLs: body.invalidURLs }),
    ...(body.agent && { warning: 'Agentic navigation (`agent`) is not supported: the pages are read as given.' }),
  };
}
