import type { ScrapeOptions } from '../../api/index.js';
import { NO_TOKENS, type TokenUsage } from '../../llm/types.js';
import type { DeriveContext, DerivedOutcome } from './deriver.js';
import type { Document } from '../../api/document.js';
import { askModel, done, failure, OFFLINE_NOTE } from './outcome.js';

type RedactOptions = Exclude<ScrapeOptions['redactPII'], boolean>;
type Entity = RedactOptions['entities'][number];

interface Rule {
  entity: Entity;
  /** The tag a span is replaced by in `tag` style. */
  tag: string;
  pattern: RegExp;
  /** A second look at a match (checksums), so that order numbers and prices stay. */
  accept?: (match: string) => boolean;
}

const digits = (s: string) => s.replace(/\D/g, '');

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function ibanValid(iban: string): boolean {
  const s = iban.replace(/\s/g, '').toUpperCase();
  const moved = s.slice(4) + s.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of v) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

const UK_POSTCODE = '[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}\\b';
const STREET = '(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Square|Sq|Terrace|Parkway|Pkwy|Highway|Hwy|Strasse|Straße|Rue)';

// Order matters: a card number must be claimed before the phone rule sees its digits.
const RULES: Rule[] = [
  { entity: 'EMAIL', tag: 'EMAIL', pattern: /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu },
  { entity: 'FINANCIAL', tag: 'CREDIT_CARD', pattern: /\b\d(?:[ -]?\d){12,18}\b/g, accept: (m) => luhn(digits(m)) },
  { entity: 'FINANCIAL', tag: 'IBAN', pattern: /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/g, accept: ibanValid },
  { entity: 'SECRET', tag: 'ID_NUMBER', pattern: /\b(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}\b/g },
  { entity: 'SECRET', tag: 'ID_NUMBER', pattern: /\b[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b/g },
  {
    entity: 'SECRET',
    tag: 'SECRET',
    pattern: /\b(?:sk-[A-Za-z0-9_-]{20,}|AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{36,}|xox[baprs]-[A-Za-z0-9-]{10,}|fc-[0-9a-f]{32})\b/g,
  },
  {
    entity: 'PHONE',
    tag: 'PHONE',
    pattern: /(?<![\w/])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d{2,4}(?:[\s.-]\d{2,4}){1,4}(?![\w/])/g,
    // A phone number has 9 to 15 digits and is written with a leading + or ( or separators; dates and prices are not.
    accept: (m) => {
      const n = digits(m).length;
      if (n < 9 || n > 15) return false;
      if (/^\d{4}-\d{2}-\d{2}/.test(m)) return false;
      // Runs of years ("2019 2020 2021") are not numbers anyone dials.
      if (m.split(/[\s.-]+/).every((g) => /^(1[89]|20)\d\d$/.test(g))) return false;
      return /^[+(]/.test(m) || (m.match(/[\s.-]/g) ?? []).length >= 2;
    },
  },
  {
    entity: 'LOCATION',
    tag: 'ADDRESS',
    pattern: new RegExp(
      `\\b\\d{1,5}[A-Za-z]?\\s+(?:[A-Z][\\p{L}'.-]*\\s+){1,4}${STREET}\\b\\.?(?:,?\\s+(?:(?:Apt|Suite|Unit|#)\\s*[\\w-]+,?\\s+)?[A-Z][\\p{L}.-]*\\b(?:\\s+[A-Z][\\p{L}.-]*\\b){0,3})?(?:,?\\s+[A-Z]{2}\\b)?(?:\\s+\\d{5}(?:-\\d{4})?|,?\\s+${UK_POSTCODE})?`,
      'gu',
    ),
  },
  // UK postcodes, which identify a handful of houses.
  { entity: 'LOCATION', tag: 'ADDRESS', pattern: new RegExp(`\\b${UK_POSTCODE}`, 'g') },
];

type Replace = (span: string, tag: string) => string;

function replacerOf(style: RedactOptions['replaceStyle'], markup: boolean): Replace {
  if (style === 'mask') return (span) => span.replace(/\S/g, '*');
  if (style === 'remove') return () => '';
  return markup ? (_s, tag) => `&lt;${tag}&gt;` : (_s, tag) => `<${tag}>`;
}

/** Redacts one text: the offline rules, then the spans the model named (people, places). */
export function redactText(text: string, options: RedactOptions, named: { span: string; tag: string }[] = [], markup = false): string {
  const replace = replacerOf(options.replaceStyle, markup);
  let out = text;
  for (const rule of RULES) {
    if (!options.entities.includes(rule.entity)) continue;
    out = out.replace(rule.pattern, (m) => (rule.accept && !rule.accept(m) ? m : replace(m, rule.tag)));
  }
  for (const { span, tag } of named) out = out.split(span).join(replace(span, tag));
  return out;
}

function redactValue(value: unknown, redact: (s: string) => string): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, redact));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v, redact)]));
  return value;
}

// Fields that name the scrape rather than carry the page's text.
const KEPT_METADATA = new Set(['url', 'sourceURL', 'scrapeId', 'cacheState', 'cachedAt', 'proxyUsed', 'contentType', 'engine']);

/** Every text format of the Document and its json, redacted in place. */
export function redactDocument(doc: Document, options: RedactOptions, named: { span: string; tag: string }[]): void {
  const text = (s: string) => redactText(s, options, named);
  const markup = (s: string) => redactText(s, options, named, true);
  if (doc.markdown !== undefined) doc.markdown = text(doc.markdown);
  if (doc.html !== undefined) doc.html = markup(doc.html);
  if (doc.rawHtml !== undefined) doc.rawHtml = markup(doc.rawHtml);
  if (doc.summary !== undefined) doc.summary = text(doc.summary);
  if (doc.answer !== undefined) doc.answer = text(doc.answer);
  if (doc.highlights !== undefined) doc.highlights = text(doc.highlights);
  if (doc.links) doc.links = doc.links.map((l) => (/^(mailto|tel):/i.test(l) ? text(l) : l));
  if (doc.pages) doc.pages = doc.pages.map((p) => ({ ...p, markdown: text(p.markdown) }));
  for (const key of ['json', 'product', 'menu', 'attributes', 'promptInjection'] as const) {
    if (doc[key] !== undefined) (doc as unknown as Record<string, unknown>)[key] = redactValue(doc[key], text);
  }
  for (const [k, v] of Object.entries(doc.metadata)) {
    if (!KEPT_METADATA.has(k) && (typeof v === 'string' || Array.isArray(v))) doc.metadata[k] = redactValue(v, text);
  }
}

const NAMES_SCHEMA = {
  type: 'object',
  properties: {
    people: { type: 'array', items: { type: 'string' } },
    locations: { type: 'array', items: { type: 'string' } },
  },
  required: ['people', 'locations'],
};

/**
 * `redactPII`: emails, phone numbers, card and bank numbers, ID numbers,
 * secrets and street addresses found by fixed rules (with checksums where
 * there are some) are redacted in every text format and in json. People's
 * names and free-form places need a reader: the configured model names them
 * (modes accurate and aggressive); offline, the warning says they were left.
 */
export async function redactPII(ctx: DeriveContext, options: RedactOptions): Promise<DerivedOutcome> {
  const wantsNames = options.entities.includes('PERSON') || options.entities.includes('LOCATION');
  const named: { span: string; tag: string }[] = [];
  const warnings: string[] = [];
  let usage: TokenUsage = NO_TOKENS;
  if (wantsNames && options.mode !== 'fast') {
    if (ctx.llm.offline) {
      warnings.push(`PII redaction: ${OFFLINE_NOTE}, so people's names and places other than street addresses and postcodes were not redacted.`);
    } else {
      try {
        const prompt = 'List, verbatim as written on the page, every full or partial name of a private person and every postal address or precise location of a person. Leave out companies, products, public figures in their public role, and cities on their own.';
        const out = await askModel<{ people?: unknown; locations?: unknown }>(ctx, prompt, NAMES_SCHEMA);
        usage = out.usage;
        const list = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && s.trim().length > 1) : []);
        if (options.entities.includes('PERSON')) named.push(...list(out.data.people).map((span) => ({ span: span.trim(), tag: 'PERSON' })));
        if (options.entities.includes('LOCATION')) named.push(...list(out.data.locations).map((span) => ({ span: span.trim(), tag: 'ADDRESS' })));
        // Longest first, so "Jane Doe" is replaced whole before "Jane".
        named.sort((a, b) => b.span.length - a.span.length);
      } catch (err) {
        warnings.push(...failure(ctx, 'PII redaction of names and places', err).warnings);
      }
    }
  } else if (wantsNames && options.entities.includes('PERSON')) {
    warnings.push("PII redaction: fast mode reads no names, so people's names were not redacted.");
  }
  redactDocument(ctx.doc, options, named);
  if (ctx.doc.warning !== undefined) ctx.doc.warning = redactText(ctx.doc.warning, options, named);
  return done(usage, warnings);
}
