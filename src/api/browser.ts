import { z } from 'zod';
import { opt, originFields, strictObject } from './common.js';
import { profile } from './scrape-options.js';
import { codeLanguage } from './scrape.js';

/** §11.1 `POST /v2/browser` (alias `/v2/interact`). */
export const browserCreateRequest = strictObject({
  ttl: opt(z.int().min(30).max(3600), 300).describe('Maximum session lifetime in seconds.'),
  activityTtl: opt(z.int().min(10).max(3600), 300).describe('Destroy after this many seconds without activity.'),
  streamWebView: opt(z.boolean(), true),
  recordSession: opt(z.boolean(), true),
  profile: opt(profile),
  ...originFields,
});

export type BrowserCreateRequest = z.output<typeof browserCreateRequest>;

/** §11.2 `GET /v2/browser?status=`. */
export const browserListQuery = z.object({
  status: opt(z.enum(['active', 'destroyed'])),
});

/** The live-view page of a session; the token comes with `liveViewUrl`. */
export const browserLiveViewQuery = z.object({
  token: opt(z.string()),
});

/** §11.3 `POST /v2/browser/{sessionId}/execute`. */
export const browserExecuteRequest = strictObject({
  code: z.string().min(1).max(100_000),
  language: opt(codeLanguage, 'node').describe('Both SDKs send "bash" when the caller does not choose.'),
  timeout: opt(z.int().min(1).max(300), 30).describe('Execution limit in seconds.'),
  ...originFields,
});

export type BrowserExecuteRequest = z.output<typeof browserExecuteRequest>;
