import { z } from 'zod';
import { acceptUrlList, jsonSchema, opt, originFields, strictObject, threatProtection, timerMs } from './common.js';
import { scrapeOptionsOrDefaults } from './scrape-options.js';
import { webhook } from './webhook.js';

const EXTRACT_INPUT_MESSAGE = "Either 'urls' or 'prompt' must be provided.";

/**
 * §9.1 `POST /v2/extract`. Output `urls` are normalised; dropped ones are in
 * `invalidURLs` (only when `ignoreInvalidURLs`, otherwise they fail validation).
 * `allowExternalLinks` comes out forced on when `enableWebSearch` is.
 */
export const extractRequest = strictObject({
  urls: opt(z.array(z.string().meta({ format: 'uri' }))).describe('Pages to extract from; a trailing "/*" means the whole site section.'),
  prompt: opt(z.string().max(10_000)).describe('What to extract.'),
  schema: opt(jsonSchema),
  systemPrompt: opt(z.string().max(10_000)),
  limit: opt(z.int().positive()).describe('Maximum pages to consider.'),
  ignoreSitemap: opt(z.boolean(), false),
  includeSubdomains: opt(z.boolean(), true),
  allowExternalLinks: opt(z.boolean(), false),
  enableWebSearch: opt(z.boolean(), false),
  showSources: opt(z.boolean(), false),
  scrapeOptions: scrapeOptionsOrDefaults,
  ignoreInvalidURLs: opt(z.boolean(), true),
  timeout: opt(timerMs()).describe('Overall budget in milliseconds.'),
  agent: opt(strictObject({ model: z.enum(['FIRE-1', 'v3-beta']) })).describe('Agentic navigation mode.'),
  webhook: opt(webhook),
  urlTrace: opt(z.boolean(), false),
  threatProtection: opt(threatProtection),
  ...originFields,
})
  .refine((body) => Boolean(body.urls?.length || body.prompt), { message: EXTRACT_INPUT_MESSAGE })
  .meta({
    anyOf: [
      { required: ['urls'], properties: { urls: { minItems: 1 } } },
      { required: ['prompt'], properties: { prompt: { minLength: 1 } } },
    ],
  })
  .transform((body, ctx) => {
    const urls = acceptUrlList(body.urls ?? [], body.ignoreInvalidURLs, ctx);
    if (!urls) return z.NEVER;
    return {
      ...body,
      urls: body.urls && urls.valid.map((target) => target.url),
      invalidURLs: urls.invalidURLs,
      allowExternalLinks: body.allowExternalLinks || body.enableWebSearch,
    };
  });

export type ExtractRequest = z.output<typeof extractRequest>;
