import { NO_TOKENS, type TokenUsage } from '../../llm/types.js';
import { plainLine } from '../../llm/offline/page.js';
import type { DeriveContext, DerivedOutcome } from './deriver.js';
import { askModel, done, failure, OFFLINE_NOTE } from './outcome.js';

// Lines a reader skips: consent banners, share and follow prompts, sign-up calls, legal footers.
const BOILERPLATE = [
  /\b(we use|this (site|website) uses) cookies\b|\bcookie (policy|settings|preferences)\b|\baccept (all )?cookies\b/i,
  /^(share|tweet|pin it|email)( (this|on|via) [\w ]+)?$/i,
  /\bshare (this|on) (facebook|twitter|x|linkedin|email)\b/i,
  /^(follow us|subscribe|sign up)\b.{0,80}$/i,
  /\b(subscribe to|sign up for) (our|the) (newsletter|mailing list)\b/i,
  /^(©|\(c\)|copyright)\s*\d{4}|\ball rights reserved\b/i,
  /^(skip to (main )?content|back to top|advertisement|sponsored)$/i,
  /^(read more|related (posts|articles)|you may also like|recommended for you)\s*:?$/i,
  /^(previous|next)( post| article)?\s*:?\s*$/i,
];

/** A block that is nothing but links, such as a menu or a tag cloud. */
function linksOnly(block: string): boolean {
  const withoutLinks = block.replace(/!?\[[^\]]*\]\([^)]*\)/g, '').replace(/[\s|·•,*+>-]+/g, '');
  return withoutLinks.length === 0 && /\]\(/.test(block);
}

/** The offline pass: blocks of markdown a reader would skip, dropped. */
export function cleanMarkdown(markdown: string): string {
  return markdown
    .split(/\n\s*\n/)
    .filter((block) => {
      const text = plainLine(block.replace(/\n/g, ' '));
      return text.length > 0 && !linksOnly(block) && !BOILERPLATE.some((r) => r.test(text));
    })
    .join('\n\n');
}

const MAX_PROMPT_CHARS = 60_000;

const DROP_SCHEMA = { type: 'object', properties: { remove: { type: 'array', items: { type: 'integer' } } }, required: ['remove'] };

/**
 * `onlyCleanContent`: the page's markdown without the leftovers main-content
 * filtering keeps (banners, share and sign-up prompts, link lists, legal
 * lines), before any other format reads it. The model, when there is one,
 * names the blocks to drop by number, so what stays is the page's own text,
 * never a rewrite.
 */
export async function cleanContent(ctx: DeriveContext): Promise<DerivedOutcome> {
  let markdown = cleanMarkdown(ctx.page.markdown);
  let usage: TokenUsage = NO_TOKENS;
  const warnings: string[] = [];
  if (ctx.llm.offline) {
    warnings.push(`Clean content: ${OFFLINE_NOTE}; only blocks matching fixed boilerplate rules were dropped.`);
  } else {
    const blocks = markdown.split('\n\n');
    // The model reads as many numbered blocks as fit its share of the prompt; the rest stay as they are.
    let budget = MAX_PROMPT_CHARS;
    const numbered = blocks
      .map((b, i) => `[${i}] ${b}`)
      .filter((b) => (budget -= b.length + 2) >= 0)
      .join('\n\n');
    try {
      const prompt = `The page's markdown below is cut into numbered blocks. List the numbers of the blocks that are not the page's own content (navigation, ads, promotions, sign-up or share prompts, legal or cookie text, comments widgets, unrelated links).\n\n${numbered}`;
      const out = await askModel<{ remove?: unknown }>({ ...ctx, page: { ...ctx.page, markdown: '' } }, prompt, DROP_SCHEMA);
      usage = out.usage;
      const remove = new Set(Array.isArray(out.data.remove) ? out.data.remove.filter((n): n is number => Number.isInteger(n)) : []);
      markdown = blocks.filter((_, i) => !remove.has(i)).join('\n\n');
      warnings.push(...out.warnings.map((w) => `Clean content: ${w}`));
    } catch (err) {
      warnings.push(...failure(ctx, 'Clean content by the model', err).warnings);
    }
  }
  ctx.page = { ...ctx.page, markdown };
  if (ctx.doc.markdown !== undefined) ctx.doc.markdown = markdown;
  return done(usage, warnings);
}
