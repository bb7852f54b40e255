import type { ScrapeOptions } from '../api/index.js';
import type { Format, FormatType } from '../api/formats.js';
import { changeTrackingOf, type ChangeTrackingFormat } from '../changes/format.js';
import { NO_TOKENS, type Llm, type PageInput, type TokenUsage } from '../llm/types.js';
import { addUsage } from '../llm/usage.js';
import type { Document } from '../api/document.js';
import { attributesFormat } from './formats/attributes.js';
import { brandingFormat } from './formats/branding.js';
import { cleanContent } from './formats/clean-content.js';
import { highlightsFormat } from './formats/highlights.js';
import { menuFormat } from './formats/menu.js';
import type { DeriveContext, DeriveOptions, DerivedOutcome, Deriver } from './formats/deriver.js';
import { done, failure } from './formats/outcome.js';
import { checkPromptInjection, wantsInjectionScan } from './formats/prompt-injection.js';
import { productFormat } from './formats/product.js';
import { queryFormat, questionFormat } from './formats/question.js';
import { redactPII } from './formats/redact-pii.js';

/**
 * Formats read from a page's content rather than from its HTML tree
 * (`summary`, `json`, `question`, change tracking, …) and the options that
 * rework the whole Document (`onlyCleanContent`, `checkPromptInjection`,
 * `redactPII`): they run once the Document is built, fresh or from cache,
 * before it is saved and charged.
 */

const summaryDeriver: Deriver = {
  format: 'summary',
  async derive(ctx) {
    // A cached Document answers the same request: its summary is reused, not paid for again.
    if (ctx.fromCache && ctx.doc.summary !== undefined) return done(NO_TOKENS, []);
    try {
      const out = await ctx.llm.summarize({ page: ctx.page, signal: ctx.signal });
      ctx.doc.summary = out.summary;
      return done(out.usage, out.warnings.map((w) => `Summary: ${w}`));
    } catch (err) {
      return failure(ctx, 'The summary', err);
    }
  },
};

const jsonDeriver: Deriver<Extract<Format, { type: 'json' }>> = {
  format: 'json',
  async derive(ctx, format) {
    if (ctx.fromCache && ctx.doc.json !== undefined) return done(NO_TOKENS, []);
    try {
      const out = await ctx.llm.extract({
        pages: [ctx.page],
        ...(format.prompt !== undefined && { prompt: format.prompt }),
        ...(format.schema !== undefined && { schema: format.schema }),
        signal: ctx.signal,
      });
      ctx.doc.json = out.data;
      return done(out.usage, out.warnings.map((w) => `JSON extraction: ${w}`));
    } catch (err) {
      return failure(ctx, 'JSON extraction', err);
    }
  },
};

const changeTrackingDeriver: Deriver<ChangeTrackingFormat> = {
  format: 'changeTracking',
  needs: ['json'],
  async derive(ctx, format) {
    // Never served from cache (cache-key.ts): every scrape is compared and becomes the next base.
    const out = await changeTrackingOf(
      { changes: ctx.store.changes, llm: ctx.llm },
      { teamId: ctx.teamId, url: ctx.url, document: ctx.doc, format, page: ctx.page, zeroDataRetention: ctx.zeroDataRetention, signal: ctx.signal },
    );
    ctx.doc.changeTracking = out.changeTracking;
    return done(out.usage, out.warnings);
  },
};

/**
 * In order: a deriver may only need formats listed before it (change
 * tracking's json mode compares the `json` result: `needs: ['json']`).
 */
export const DERIVERS: Deriver[] = [
  summaryDeriver,
  jsonDeriver as Deriver,
  changeTrackingDeriver as Deriver,
  questionFormat as Deriver,
  queryFormat as Deriver,
  highlightsFormat as Deriver,
  attributesFormat as Deriver,
  productFormat,
  menuFormat,
  brandingFormat,
];

const byFormat = new Map(DERIVERS.map((d) => [d.format, d]));

export function wantsDerived(options: DeriveOptions | Pick<ScrapeOptions, 'formats'>): boolean {
  const o = options as DeriveOptions;
  return o.formats.some((f) => byFormat.has(f.type)) || !!o.onlyCleanContent || !!o.redactPII || wantsInjectionScan(o);
}

/**
 * The build options with the content derivers read added: markdown for the
 * models and the raw HTML for the offline engine's structured data, whether or
 * not the caller asked for them (`withoutUnrequested` takes them out again).
 */
export function withPageContent<O extends DeriveOptions | Pick<ScrapeOptions, 'formats'>>(options: O): O {
  if (!wantsDerived(options)) return options;
  const has = (t: string) => options.formats.some((f) => f.type === t);
  const extra: Format[] = [];
  if (!has('markdown')) extra.push({ type: 'markdown' });
  if (!has('rawHtml')) extra.push({ type: 'rawHtml' });
  return extra.length ? { ...options, formats: [...options.formats, ...extra] } : options;
}

export function withoutUnrequested(doc: Document, options: Pick<ScrapeOptions, 'formats'>): Document {
  const has = (t: string) => options.formats.some((f) => f.type === t);
  const out = { ...doc };
  if (!has('markdown')) delete out.markdown;
  if (!has('rawHtml')) delete out.rawHtml;
  return out;
}

// Scrape bookkeeping that says nothing about the page itself.
const INTERNAL_METADATA = new Set(['sourceURL', 'scrapeId', 'statusCode', 'proxyUsed', 'cacheState', 'cachedAt', 'creditsUsed', 'engine', 'concurrencyLimited', 'concurrencyQueueDurationMs', 'error']);

/** The page as the derivers read it, from the built Document (and its HTML when there is one). */
export function pageInputOf(doc: Document, html: string | undefined): PageInput {
  const metadata = Object.fromEntries(Object.entries(doc.metadata).filter(([k]) => !INTERNAL_METADATA.has(k)));
  return { url: doc.metadata.url, markdown: doc.markdown ?? '', ...(html !== undefined && { html }), metadata };
}

/**
 * Runs the derivers of the requested formats, filling `ctx.doc`. Each starts
 * once those it needs are done, so independent model calls (summary and json)
 * overlap instead of adding up against the scrape's timeout.
 */
export async function deriveFormats(ctx: DeriveContext): Promise<DerivedOutcome> {
  // Clean content first: every other format reads the cleaned page.
  // A cached Document was cleaned and redacted before it was kept (both options are in its cache key).
  const cleaned = ctx.options.onlyCleanContent && !ctx.fromCache ? await cleanContent(ctx) : done(NO_TOKENS, []);
  const running = new Map<FormatType, Promise<DerivedOutcome>>();
  for (const deriver of DERIVERS) {
    const format = ctx.options.formats.find((f) => f.type === deriver.format);
    if (!format) continue;
    const before = (deriver.needs ?? []).map((f) => running.get(f)).filter((p) => p !== undefined);
    running.set(deriver.format, Promise.all(before).then(() => deriver.derive(ctx, format)));
  }
  const scan = wantsInjectionScan(ctx.options) ? [checkPromptInjection(ctx)] : [];
  const outcomes = [cleaned, ...(await Promise.all([...running.values(), ...scan]))];
  // Last: what every other step wrote is redacted too.
  if (ctx.options.redactPII && !ctx.fromCache) outcomes.push(await redactPII(ctx, ctx.options.redactPII));
  return {
    usage: addUsage(...outcomes.map((o) => o.usage)),
    warnings: outcomes.flatMap((o) => o.warnings),
    complete: outcomes.every((o) => o.complete),
  };
}
