import type { CrawlParamsPreviewRequest } from '../../api/index.js';
import type { RequestContext } from '../../http/route.js';
import { readPromptOfRequest } from './for-request.js';
import type { Llm } from '../../llm/types.js';
import type { Store } from '../../store/store.js';

/**
 * The caller's URL when normalising only added the root's trailing slash
 * (`https://example.com` stays as sent, like §7.6's example), else the normalised one.
 */
function echoedUrl(normalised: string, raw: unknown): string {
  const sent = typeof (raw as { url?: unknown })?.url === 'string' ? (raw as { url: string }).url.trim() : '';
  return normalised === `${sent}/` ? sent : normalised;
}

/**
 * `POST /v2/crawl/params-preview` (§7.6): the crawl options a prompt stands
 * for, without crawling. A prompt nothing could be read from answers the bare
 * URL and a warning saying so, never a 400.
 */
export async function crawlParamsPreview(deps: { llm: Llm; store: Store }, ctx: RequestContext<CrawlParamsPreviewRequest>) {
  const { url, prompt } = ctx.body;
  const { options, warning } = await readPromptOfRequest(deps, ctx, url, prompt);
  return { success: true, data: { url: echoedUrl(url, ctx.req.body), ...options }, ...(warning && { warning }) };
}
