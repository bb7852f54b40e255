import { z } from 'zod';
import { type JsonSchema, type Llm, NO_TOKENS } from '../../llm/index.js';
import type { CrawlPromptReader, CrawlPromptReading, PromptCrawlOptions } from './reader.js';

const pattern = z.string().refine(
  (p) => {
    try {
      new RegExp(p);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'not a valid regular expression' },
);

/** What a model's answer must be to become crawl options: §7.6's fields, counts as integers. */
const answerSchema = z.strictObject({
  includePaths: z.array(pattern).optional(),
  excludePaths: z.array(pattern).optional(),
  maxDiscoveryDepth: z.int().min(0).optional(),
  crawlEntireDomain: z.boolean().optional(),
  allowExternalLinks: z.boolean().optional(),
  allowSubdomains: z.boolean().optional(),
  sitemap: z.enum(['include', 'skip', 'only']).optional(),
  ignoreQueryParameters: z.boolean().optional(),
  ignoreRobotsTxt: z.boolean().optional(),
  deduplicateSimilarURLs: z.boolean().optional(),
  delay: z.int().min(1).optional(),
  limit: z.int().min(1).optional(),
});

const paths = (what: string) => ({
  type: 'array',
  items: { type: 'string' },
  description: `Regular expressions matched against the URL path of pages to ${what}, e.g. "^/blog(/|$).*".`,
});

const ANSWER_JSON_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    includePaths: paths('crawl (only these)'),
    excludePaths: paths('skip'),
    maxDiscoveryDepth: { type: 'integer', minimum: 0, description: 'Link hops from the start page.' },
    crawlEntireDomain: { type: 'boolean', description: 'Follow links anywhere on the domain, not only below the start path.' },
    allowExternalLinks: { type: 'boolean', description: 'Follow links to other sites.' },
    allowSubdomains: { type: 'boolean', description: 'Follow links to subdomains.' },
    sitemap: { type: 'string', enum: ['include', 'skip', 'only'], description: 'Use the sitemap as well, not at all, or only it.' },
    ignoreQueryParameters: { type: 'boolean', description: 'Treat URLs differing only in their query as one page.' },
    ignoreRobotsTxt: { type: 'boolean' },
    deduplicateSimilarURLs: { type: 'boolean' },
    delay: { type: 'integer', minimum: 1, description: 'Seconds to wait between pages.' },
    limit: { type: 'integer', minimum: 1, description: 'Maximum number of pages.' },
  },
  additionalProperties: false,
};

const SYSTEM = `You turn a request to crawl a website into crawler options.
Set only the options the request asks for; leave every other one out. Paths are regular expressions on the URL path.
If the request says nothing about crawling, answer {}. Reply with JSON only.`;

/**
 * A crawl prompt read by the configured language model. An answer that is
 * not valid crawl options, or a model that fails, falls back to `fallback`
 * (the rule-based reader) with a warning saying so.
 */
export function llmCrawlPromptReader(llm: Llm, fallback: CrawlPromptReader): CrawlPromptReader {
  return {
    async read(url, prompt, signal): Promise<CrawlPromptReading> {
      let usage = NO_TOKENS;
      let problem: string;
      try {
        const out = await llm.generateJson({
          messages: [
            { role: 'system', content: SYSTEM },
            { role: 'user', content: `Start URL: ${url}\nRequest: ${prompt}` },
          ],
          schema: ANSWER_JSON_SCHEMA,
          ...(signal && { signal }),
        });
        usage = out.usage;
        const parsed = answerSchema.safeParse(out.data);
        if (parsed.success) return { options: parsed.data as PromptCrawlOptions, usage };
        const issue = parsed.error.issues[0]!;
        problem = `its answer was not valid crawl options (${issue.path.join('.') || 'answer'}: ${issue.message})`;
      } catch (err) {
        if (signal?.aborted) throw err;
        problem = `it failed (${err instanceof Error ? err.message : String(err)})`;
      }
      const reading = await fallback.read(url, prompt, signal);
      const warning = `The language model could not read the prompt: ${problem}; the rule-based reader was used instead.`;
      return { ...reading, usage, warning: reading.warning ? `${warning} ${reading.warning}` : warning };
    },
  };
}
