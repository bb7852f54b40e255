import type { Format } from '../../api/formats.js';
import { NO_TOKENS } from '../../llm/types.js';
import { parse, select } from '../../llm/offline/html.js';
import type { Deriver } from './deriver.js';
import { done } from './outcome.js';

/**
 * `attributes`: for each `{selector, attribute}`, the attribute's value on every
 * element the CSS selector matches, in document order, read from the HTML as
 * received (before main-content filtering, so a selector means what it means
 * in the browser's inspector).
 */
export const attributesFormat: Deriver<Extract<Format, { type: 'attributes' }>> = {
  format: 'attributes',
  async derive(ctx, format) {
    if (ctx.fromCache && ctx.doc.attributes !== undefined) return done(NO_TOKENS, []);
    const warnings: string[] = [];
    const dom = parse(ctx.page.html ?? '');
    ctx.doc.attributes = format.selectors.map(({ selector, attribute }) => {
      let values: string[] = [];
      try {
        values = select(selector, dom).flatMap((el) => (el.attribs[attribute] !== undefined ? [el.attribs[attribute]] : []));
      } catch {
        warnings.push(`Attributes: "${selector}" is not a CSS selector this server understands; its values are empty.`);
      }
      return { selector, attribute, values };
    });
    if (ctx.page.html === undefined) warnings.push('Attributes: this document has no HTML to select from.');
    return done(NO_TOKENS, warnings);
  },
};
