import { charge } from '../../billing/credits.js';
import type { RequestContext } from '../../http/route.js';
import { llmCrawlPromptReader } from './llm-reader.js';
import type { CrawlPromptReading } from './reader.js';
import { ruleBasedCrawlPromptReader } from './rule-based.js';
import type { Llm } from '../../llm/types.js';
import type { Store } from '../../store/store.js';

/** Said when nothing of the prompt became an option: the crawl goes on with the caller's options. */
export const NOTHING_DERIVED =
  'No crawler option could be derived from the prompt; the crawl uses the explicit options and the defaults. Name sections ("only the blog"), depths ("2 levels deep") or limits ("up to 50 pages"), or set the options directly.';

const validRegex = (pattern: string) => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
};

/**
 * Keeps what a request can use: a path pattern that is no regex (a model may
 * write one) is dropped with a warning rather than failing the request.
 */
function usable(reading: CrawlPromptReading): CrawlPromptReading {
  const warnings = reading.warning ? [reading.warning] : [];
  const options = { ...reading.options };
  for (const key of ['includePaths', 'excludePaths'] as const) {
    const patterns = options[key];
    if (!patterns) continue;
    const bad = patterns.filter((p) => !validRegex(p));
    if (!bad.length) continue;
    warnings.push(`The prompt's ${key} ${bad.map((p) => JSON.stringify(p)).join(', ')} are not valid regular expressions and were left out.`);
    const good = patterns.filter(validRegex);
    if (good.length) options[key] = good;
    else delete options[key];
  }
  if (!Object.keys(options).length) warnings.push(NOTHING_DERIVED);
  return { ...reading, options, ...(warnings.length && { warning: warnings.join(' ') }) };
}

/**
 * Reads a crawl prompt for a request: with the configured language model when
 * there is one (its tokens billed to the team at 15 per credit), with the
 * rules otherwise. Never refuses a prompt: what could not be read is said in
 * the warning, and the options may then be empty.
 */
export async function readPromptOfRequest(deps: { llm: Llm; store: Store }, ctx: RequestContext, url: string, prompt: string): Promise<CrawlPromptReading> {
  const { llm, store } = deps;
  const reader = llm.offline ? ruleBasedCrawlPromptReader : llmCrawlPromptReader(llm, ruleBasedCrawlPromptReader);
  const reading = await reader.read(url, prompt);
  const tokens = reading.usage?.totalTokens ?? 0;
  if (tokens > 0) await charge(store, { teamId: ctx.team.id, apiKeyId: ctx.apiKey?.id ?? null, kind: 'crawl-prompt', tokens });
  return usable(reading);
}
