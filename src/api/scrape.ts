import { z } from 'zod';
import { opt, originFields, strictObject, targetUrl, timerMs } from './common.js';
import { scrapeOptionsObject, toolDetail } from './scrape-options.js';

/** §3.1 `POST /v2/scrape`: ScrapeOptions flattened at the top level. */
export const scrapeRequest = scrapeOptionsObject({
  url: targetUrl.describe('Page to scrape; "http://" is assumed when the scheme is missing.'),
  zeroDataRetention: opt(z.boolean(), false).describe('Do not retain the request or its result.'),
  toolDetail,
});

export type ScrapeRequest = z.output<typeof scrapeRequest>;

const INTERACT_INPUT_MESSAGE = "Either 'code' or 'prompt' must be provided.";

/** Language of `code` for interact and browser execute. */
export const codeLanguage = z.enum(['python', 'node', 'bash']);

/** §3.3 `POST /v2/scrape/{jobId}/interact`. `profile` is inherited from the scrape, so it is refused here. */
export const interactRequest = strictObject({
  code: opt(z.string().min(1).max(100_000)).describe('Code to run; a Playwright `page` is in scope for node/python.'),
  prompt: opt(z.string().min(1)).describe('Instruction for a browsing agent, instead of or after `code`.'),
  language: opt(codeLanguage, 'node'),
  timeout: opt(z.int().min(1).max(300), 30).describe('Execution limit in seconds.'),
  ...originFields,
})
  .refine((body) => body.code !== undefined || body.prompt !== undefined, { message: INTERACT_INPUT_MESSAGE })
  .meta({ anyOf: [{ required: ['code'] }, { required: ['prompt'] }] });

export type InteractRequest = z.output<typeof interactRequest>;

/**
 * §15.3 tool calls: a `POST /v2/scrape` body carrying `alexandria` instead of
 * `url`. The route tells the two apart by that key before validating.
 */
export const toolCallRequest = strictObject({
  alexandria: z
    .array(
      strictObject({
        provider: z.string().min(1),
        capability: z.string().min(1),
        options: opt(z.record(z.string(), z.unknown())),
      }),
    )
    .min(1)
    .max(10),
  timeout: opt(timerMs()).describe('Milliseconds.'),
  ...originFields,
});

export type ToolCallRequest = z.output<typeof toolCallRequest>;
