import { type Entity, jsonLdEntities, markupEntities } from '../../llm/offline/structured-data.js';
import { parse } from '../../llm/offline/html.js';
import type { Price } from '../../api/format-results.js';

/**
 * Reading schema.org data for the product and menu formats: the page's
 * JSON-LD, microdata and RDFa items, and the small coercions their loose
 * shapes need (a value may be a string, an object or a list of either).
 */

export function entitiesOf(html: string | undefined): Entity[] {
  if (!html) return [];
  const dom = parse(html);
  return [...jsonLdEntities(dom), ...markupEntities(dom)];
}

export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

export const obj = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** A text value: a string, a number, or an object's name / @value / url. */
export function str(v: unknown): string | undefined {
  const first = list(v)[0];
  if (typeof first === 'string') return first.trim() || undefined;
  if (typeof first === 'number') return String(first);
  const o = obj(first);
  if (o) return str(o.name ?? o['@value'] ?? o.url ?? o['@id']);
  return undefined;
}

export const isType = (data: Record<string, unknown>, ...types: string[]) =>
  list(data['@type']).some((t) => typeof t === 'string' && types.includes(t.replace(/^https?:\/\/schema\.org\//, '')));

/** A price written any way schema.org data writes it ("1,395.00", 1395, "€89,90"). */
export function amountOf(v: unknown): number | undefined {
  const s = str(v);
  if (s === undefined) return undefined;
  let n = s.replace(/[^\d.,-]/g, '');
  if (/,\d{1,2}$/.test(n)) n = n.replace(/\./g, '').replace(',', '.');
  else n = n.replace(/,/g, '');
  const value = Number(n);
  return n && Number.isFinite(value) ? value : undefined;
}

export function priceOf(amount: number | undefined, currency: string | undefined): Price | undefined {
  if (amount === undefined) return undefined;
  let formatted: string | undefined;
  if (currency) {
    try {
      formatted = new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
    } catch {
      formatted = `${amount} ${currency}`;
    }
  }
  return { amount, ...(currency && { currency }), ...(formatted && { formatted }) };
}

/** schema.org availability ("https://schema.org/InStock", "InStock", "in stock") as in-stock or not. */
export function availabilityOf(v: unknown): { inStock: boolean; text?: string } {
  const s = str(v);
  if (!s) return { inStock: true };
  const text = s.replace(/^https?:\/\/schema\.org\//, '');
  return { inStock: /^(InStock|InStoreOnly|OnlineOnly|LimitedAvailability|PreSale|PreOrder|BackOrder)$/i.test(text) || /\bin stock\b|\bavailable\b/i.test(text) && !/\bnot available|unavailable\b/i.test(text), text };
}

export function absolute(url: string | undefined, base: string): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url, base).href;
  } catch {
    return undefined;
  }
}
