import type { Format } from '../../api/formats.js';
import { NO_TOKENS } from '../../llm/types.js';
import { rankPassages } from '../../llm/offline/passages.js';
import type { Deriver } from './deriver.js';
import { askModel, done, failure, OFFLINE_NOTE } from './outcome.js';

type QuestionFormat = Extract<Format, { type: 'question' | 'query' }>;

/** The page does not answer: said in words, as Firecrawl's model does, rather than left empty. */
export const NOT_ON_PAGE = 'The page does not say.';

const ANSWER_SCHEMA = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] };

function promptOf(question: string, directQuote: boolean): string {
  return [
    `Answer this question using only the page: ${question}`,
    directQuote ? 'Answer with a verbatim quote from the page, unchanged.' : 'Answer in one to three sentences.',
    `If the page does not answer it, answer exactly "${NOT_ON_PAGE}"`,
  ].join('\n');
}

/**
 * `question` (and `query`, its older name): the answer to a question about the
 * page, in `answer`. Offline, the answer is the page's passage most relevant
 * to the question, quoted as is, and the warning says so.
 */
function questionDeriver(type: 'question' | 'query'): Deriver<QuestionFormat> {
  return {
    format: type,
    async derive(ctx, format) {
      if (ctx.fromCache && ctx.doc.answer !== undefined) return done(NO_TOKENS, []);
      const question = format.type === 'question' ? format.question : format.prompt;
      const directQuote = format.type === 'query' && format.mode === 'directQuote';
      if (ctx.llm.offline) {
        const best = rankPassages(ctx.page.markdown, question)[0];
        ctx.doc.answer = best?.text ?? NOT_ON_PAGE;
        return done(NO_TOKENS, [
          best
            ? `Answer: ${OFFLINE_NOTE}; the answer is the page's passage most relevant to the question, quoted as is.`
            : `Answer: ${OFFLINE_NOTE}, and no passage of the page shares a word with the question.`,
        ]);
      }
      try {
        const out = await askModel<{ answer?: unknown }>(ctx, promptOf(question, directQuote), ANSWER_SCHEMA);
        ctx.doc.answer = typeof out.data.answer === 'string' && out.data.answer.trim() ? out.data.answer.trim() : NOT_ON_PAGE;
        return done(out.usage, out.warnings.map((w) => `Answer: ${w}`));
      } catch (err) {
        return failure(ctx, 'The answer', err);
      }
    },
  };
}

export const questionFormat = questionDeriver('question');
export const queryFormat = questionDeriver('query');
