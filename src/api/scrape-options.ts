import { z } from 'zod';
import { type Action, actionList, actionWaitMs } from './actions.js';
import { auditMetadata, MAX_CACHE_AGE_MS, opt, originFields, strictObject, threatProtection } from './common.js';
import { formatList } from './formats.js';
import { location } from './location.js';
import { DEFAULT_PARSERS, parserList } from './parsers.js';

const DEFAULT_TIMEOUT_MS = 60_000;
/** Firecrawl lets a long PDF ask for 450 s; its end-to-end tests do. */
export const MAX_TIMEOUT_MS = 450_000;
const DEFAULT_MAX_AGE_MS = 172_800_000;
const MAX_TOTAL_WAIT_MS = 60_000;

const WAIT_FOR_MESSAGE = 'waitFor must not exceed half of timeout';
const TOTAL_WAIT_MESSAGE = 'Total wait time (waitFor + wait actions) cannot exceed 60 seconds';

const REDACT_PII_ENTITIES = ['PERSON', 'EMAIL', 'PHONE', 'LOCATION', 'FINANCIAL', 'SECRET'] as const;

const redactPIIOptions = strictObject({
  mode: opt(z.enum(['accurate', 'aggressive', 'fast']), 'accurate'),
  entities: opt(z.array(z.enum(REDACT_PII_ENTITIES)), [...REDACT_PII_ENTITIES]),
  replaceStyle: opt(z.enum(['tag', 'mask', 'remove']), 'tag'),
});

/** `true` becomes the full default options object, so consumers test one shape. */
const redactPII = z
  .union([z.boolean(), redactPIIOptions])
  .transform((value) => (value === true ? redactPIIOptions.parse({}) : value));

export const profile = strictObject({
  name: z.string().min(1).max(128),
  saveChanges: opt(z.boolean(), true).describe('Write cookies/localStorage back when the session ends.'),
}).describe('Persistent browser state shared by scrapes and interact sessions with the same name.');

export const toolDetail = opt(z.enum(['compact', 'summary', 'full']), 'summary').describe(
  'Extended: detail level of `tools`. May be ignored.',
);

/**
 * §2.1 fields. Exported as a shape so scrape and batch bodies can flatten them at
 * their top level; `scrapeOptionsObject` adds the cross-field rules.
 */
export const scrapeOptionsShape = {
  formats: opt(formatList, ['markdown']),
  onlyMainContent: opt(z.boolean(), true).describe('Drop headers, navs, footers and sidebars before converting.'),
  onlyCleanContent: opt(z.boolean(), false).describe('Drop leftover boilerplate blocks from markdown (fixed rules offline, the LLM when configured).'),
  includeTags: opt(z.array(z.string())).describe('CSS selectors of the elements to keep.'),
  excludeTags: opt(z.array(z.string())).describe('CSS selectors of the elements to remove (after includeTags).'),
  headers: opt(z.record(z.string(), z.string())).describe('Extra HTTP headers sent to the target.'),
  waitFor: opt(z.int().min(0).max(60_000), 0).describe(
    'Milliseconds to wait after load. When `timeout` is given, waitFor must not exceed timeout/2, and waitFor plus the wait actions must not exceed 60000 (rules JSON Schema cannot state; a breach answers 400).',
  ),
  mobile: opt(z.boolean(), false),
  skipTlsVerification: opt(z.boolean(), true),
  // No schema default: the waitFor rule applies only when the caller set a
  // timeout, so the default is filled in after the rules ran.
  timeout: opt(z.int().min(1000).max(MAX_TIMEOUT_MS).meta({ default: DEFAULT_TIMEOUT_MS })).describe(
    'Total time budget of the scrape in milliseconds.',
  ),
  parsers: opt(parserList, [...DEFAULT_PARSERS]),
  actions: opt(actionList),
  location: opt(location),
  removeBase64Images: opt(z.boolean(), true),
  blockAds: opt(z.boolean(), true),
  proxy: opt(
    z.enum(['basic', 'enhanced', 'stealth', 'auto']).transform((proxy) => (proxy === 'stealth' ? 'enhanced' : proxy)),
    'auto',
  ).describe('"stealth" is a legacy alias of "enhanced"; "auto" retries with enhanced when basic fails.'),
  maxAge: opt(z.int().min(0).max(MAX_CACHE_AGE_MS), DEFAULT_MAX_AGE_MS).describe('Reuse a cached copy younger than this (ms); 0 forces a fetch.'),
  minAge: opt(z.int().min(1).max(MAX_CACHE_AGE_MS)).describe('Cache-only: return a cached copy at least this old (ms), never fetch.'),
  storeInCache: opt(z.boolean(), true),
  lockdown: opt(z.boolean(), false).describe('Cache-only, never touch the network; implies zero data retention.'),
  fastMode: opt(z.boolean(), false),
  useMock: opt(z.string()).describe('Test hook: name of a recorded fixture. May be ignored.'),
  redactPII: opt(redactPII, false).describe('Redact emails, phone, card and ID numbers, secrets and addresses (names with an LLM) in every text format and json.'),
  checkPromptInjection: opt(z.boolean(), false).describe("Scan the page's text for prompt injection; the result is the Document's promptInjection."),
  profile: opt(profile),
  threatProtection: opt(threatProtection),
  auditMetadata: opt(auditMetadata),
  domainTools: opt(z.boolean(), false).describe('Extended: include tools for the domain. May be ignored.'),
  ...originFields,
};

interface ScrapeRuleInput {
  waitFor: number;
  timeout?: number | undefined;
  actions?: Action[] | undefined;
}

function checkScrapeOptions(options: ScrapeRuleInput, ctx: z.RefinementCtx): void {
  if (options.timeout !== undefined && options.waitFor > options.timeout / 2) {
    ctx.addIssue({ code: 'custom', path: ['waitFor'], message: WAIT_FOR_MESSAGE });
  }
  if (options.actions && options.waitFor + actionWaitMs(options.actions) > MAX_TOTAL_WAIT_MS) {
    ctx.addIssue({ code: 'custom', path: ['actions'], message: TOTAL_WAIT_MESSAGE });
  }
}

function withDefaultTimeout<T extends { timeout?: number | undefined }>(options: T) {
  return { ...options, timeout: options.timeout ?? DEFAULT_TIMEOUT_MS };
}

/** ScrapeOptions fields plus `extra`, with the §2.1 rules and the timeout default. */
export function scrapeOptionsObject<S extends z.ZodRawShape>(extra: S) {
  return strictObject({ ...scrapeOptionsShape, ...extra })
    .superRefine((options, ctx) => checkScrapeOptions(options as ScrapeRuleInput, ctx))
    .transform((options) => withDefaultTimeout(options as typeof options & { timeout?: number | undefined }));
}

/** Nested `scrapeOptions` of crawl, search, extract and monitor targets. */
export const scrapeOptions = scrapeOptionsObject({});

export type ScrapeOptions = z.output<typeof scrapeOptions>;

/**
 * `scrapeOptions` that falls back to every §2.1 default when absent (crawl,
 * extract). The cast only works around zod typing preprocessed fields as required
 * `unknown` inputs; `{}` is a valid input at run time.
 */
export const scrapeOptionsOrDefaults = opt(scrapeOptions, {} as z.input<typeof scrapeOptions>);
