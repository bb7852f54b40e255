import type { ScrapeOptions } from '../api/index.js';
import { notImplemented } from '../http/errors.js';

/** Formats this server can produce today; the rest answer 501 before any fetch (§1.8). */
const BUILT = new Set([
  'markdown', 'html', 'rawHtml', 'links', 'images', 'screenshot', 'summary', 'json', 'changeTracking',
  'question', 'query', 'highlights', 'attributes', 'product', 'menu', 'branding',
]);

export function assertSupported(options: ScrapeOptions): void {
  for (const f of options.formats) {
    if (!BUILT.has(f.type)) throw notImplemented(`The ${f.type} format`);
  }
}
