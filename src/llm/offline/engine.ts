import { LlmUnavailableError } from '../errors.js';
import type { ExtractInput, ExtractOutput, Llm, SummaryInput, SummaryOutput } from '../types.js';
import { NO_TOKENS } from '../types.js';
import { fillSchema } from './fill.js';
import { structuredSummary } from './freeform.js';
import { readPage } from './page.js';
import { extractiveSummary } from './summary.js';

const HINT = 'set TRAWL_LLM_BASE_URL for an LLM';

/** Values of several pages together: the first page to state a field wins; lists are joined. */
function merge(a: unknown, b: unknown): unknown {
  if (a === undefined || a === null) return b;
  if (Array.isArray(a) && Array.isArray(b)) {
    const seen = new Set(a.map((x) => JSON.stringify(x)));
    return [...a, ...b.filter((x) => !seen.has(JSON.stringify(x)))];
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
    for (const [k, v] of Object.entries(b)) out[k] = merge(out[k], v);
    return out;
  }
  return a;
}

const isFilled = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && !v.length);

/**
 * The engine used when no LLM is configured: it reads what pages state
 * plainly (structured data, meta tags, tables, labelled values) and never
 * guesses. It costs no tokens.
 */
export function createOfflineEngine(): Llm {
  return {
    name: 'offline',
    offline: true,

    async extract(input: ExtractInput): Promise<ExtractOutput> {
      const warnings: string[] = [];
      const sources: Record<string, string[]> = {};
      let data: unknown;
      if (input.schema) {
        let stillMissing: Set<string> | undefined;
        for (const page of input.pages) {
          const result = fillSchema(input.schema, readPage(page));
          data = merge(data, result.data);
          stillMissing = stillMissing ? new Set(result.missing.filter((m) => stillMissing!.has(m))) : new Set(result.missing);
          if (result.data && typeof result.data === 'object' && !Array.isArray(result.data)) {
            for (const [k, v] of Object.entries(result.data)) if (isFilled(v)) (sources[k] ??= []).push(page.url);
          }
        }
        if (stillMissing?.size) warnings.push(`Could not find on the page: ${[...stillMissing].join(', ')} (offline engine reads only what pages state plainly; ${HINT}).`);
        if (data === undefined) data = {};
      } else {
        for (const page of input.pages) {
          const result = structuredSummary(readPage(page));
          data = merge(data, result);
          for (const k of Object.keys(result)) (sources[k] ??= []).push(page.url);
        }
        data ??= {};
      }
      if (input.prompt && !input.schema) {
        warnings.push(`The prompt cannot be interpreted offline: the result is the structured data the page states (${HINT}, or send a schema).`);
      } else if (input.prompt) {
        warnings.push(`The prompt was not interpreted offline; fields were filled from the schema alone (${HINT}).`);
      }
      return { data, usage: NO_TOKENS, warnings, sources };
    },

    async summarize(input: SummaryInput): Promise<SummaryOutput> {
      const meta = input.page.metadata ?? {};
      const title = typeof meta.title === 'string' ? meta.title : undefined;
      const summary = extractiveSummary(input.page.markdown, title);
      if (summary) return { summary, usage: NO_TOKENS, warnings: [] };
      const description = [meta.description, meta.ogDescription].find((d): d is string => typeof d === 'string' && d.trim() !== '');
      if (description) return { summary: description.trim(), usage: NO_TOKENS, warnings: ['The page has no prose to summarise; the summary is its meta description.'] };
      return { summary: '', usage: NO_TOKENS, warnings: [`The page has no prose to summarise (${HINT}).`] };
    },

    generateJson() {
      return Promise.reject(new LlmUnavailableError());
    },
  };
}
