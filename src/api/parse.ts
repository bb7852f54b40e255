import { z } from 'zod';
import { forbidden, opt, strictObject } from './common.js';
import { type FormatType, formatList } from './formats.js';
import { MAX_TIMEOUT_MS, scrapeOptionsShape } from './scrape-options.js';

// Uploads have no live page, so browser-only formats cannot be produced (§4).
const UNSUPPORTED_FORMATS: readonly FormatType[] = ['screenshot', 'changeTracking', 'branding', 'audio', 'video'];

const parseFormats = formatList.superRefine((formats, ctx) => {
  formats.forEach((format, index) => {
    if (UNSUPPORTED_FORMATS.includes(format.type)) {
      ctx.addIssue({ code: 'custom', path: [index], message: `The ${format.type} format is not supported by /v2/parse` });
    }
  });
});

const notOnParse = (field: string) => forbidden(`${field} is not supported by /v2/parse`);

const {
  onlyMainContent,
  includeTags,
  excludeTags,
  headers,
  parsers,
  skipTlsVerification,
  removeBase64Images,
  blockAds,
  redactPII,
  checkPromptInjection,
  onlyCleanContent,
  fastMode,
  useMock,
  auditMetadata,
  profile,
  threatProtection,
  domainTools,
  origin,
  integration,
} = scrapeOptionsShape;

/** §4: the JSON `options` part of `POST /v2/parse` (multipart). */
export const parseOptions = strictObject({
  formats: opt(parseFormats, ['markdown']),
  onlyMainContent,
  includeTags,
  excludeTags,
  headers: headers.describe('Used only if extra network fetches are needed.'),
  timeout: opt(z.int().min(1000).max(MAX_TIMEOUT_MS), 30_000).describe('Milliseconds.'),
  parsers,
  skipTlsVerification,
  removeBase64Images,
  blockAds,
  proxy: opt(z.enum(['basic', 'auto'])),
  redactPII,
  checkPromptInjection,
  onlyCleanContent,
  fastMode,
  useMock,
  auditMetadata,
  zeroDataRetention: opt(z.boolean(), false),
  profile: profile.describe('Accepted; may be ignored.'),
  threatProtection,
  domainTools,
  origin,
  integration,
  waitFor: notOnParse('waitFor'),
  actions: notOnParse('actions'),
  location: notOnParse('location'),
  mobile: notOnParse('mobile'),
  maxAge: notOnParse('maxAge'),
  minAge: notOnParse('minAge'),
  storeInCache: notOnParse('storeInCache'),
  lockdown: notOnParse('lockdown'),
});

export type ParseOptions = z.output<typeof parseOptions>;
