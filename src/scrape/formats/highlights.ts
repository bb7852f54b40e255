import type { Format } from '../../api/formats.js';
import { NO_TOKENS } from '../../llm/types.js';
import { rankPassages } from '../../llm/offline/passages.js';
import type { Deriver } from './deriver.js';
import { askModel, done, failure, OFFLINE_NOTE } from './outcome.js';

/** Passages given back at most: enough to show why the page matters, short enough to read. */
const MAX_PASSAGES = 3;

const HIGHLIGHTS_SCHEMA = {
  type: 'object',
  properties: { highlights: { type: 'array', items: { type: 'string' }, maxItems: MAX_PASSAGES } },
  required: ['highlights'],
};

/**
 * `highlights`: the page's passages most relevant to `query`, verbatim, in
 * reading order and joined by blank lines (the SDKs type the field as one
 * string). Offline, passages are ranked by BM25; with a model, it picks them.
 */
export const highlightsFormat: Deriver<Extract<Format, { type: 'highlights' }>> = {
  format: 'highlights',
  async derive(ctx, format) {
    if (ctx.fromCache && ctx.doc.highlights !== undefined) return done(NO_TOKENS, []);
    if (ctx.llm.offline) {
      const top = rankPassages(ctx.page.markdown, format.query).slice(0, MAX_PASSAGES).sort((a, b) => a.index - b.index);
      ctx.doc.highlights = top.map((p) => p.text).join('\n\n');
      return done(NO_TOKENS, [
        top.length
          ? `Highlights: ${OFFLINE_NOTE}; passages were ranked by the words they share with the query.`
          : `Highlights: ${OFFLINE_NOTE}, and no passage of the page shares a word with the query.`,
      ]);
    }
    try {
      const prompt = `Quote, verbatim and in page order, the at most ${MAX_PASSAGES} passages of the page most relevant to: ${format.query}\nGive an empty list when none is relevant.`;
      const out = await askModel<{ highlights?: unknown }>(ctx, prompt, HIGHLIGHTS_SCHEMA);
      const list = Array.isArray(out.data.highlights) ? out.data.highlights.filter((h): h is string => typeof h === 'string' && !!h.trim()) : [];
      ctx.doc.highlights = list.map((h) => h.trim()).join('\n\n');
      return done(out.usage, out.warnings.map((w) => `Highlights: ${w}`));
    } catch (err) {
      return failure(ctx, 'Highlights', err);
    }
  },
};
