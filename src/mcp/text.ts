/**
 * Tool results are cut at this many characters (about 12k tokens): enough for a long
 * article, small enough to leave an agent's context room. Every cut says so and says
 * how to read on.
 */
export const MAX_TEXT_CHARS = 50_000;

const CONTENT_FIELDS = new Set(['markdown', 'metadata']);

export function json(value: unknown, budget = MAX_TEXT_CHARS): string {
  const text = JSON.stringify(value, null, 2);
  if (text.length <= budget) return text;
  return `${text.slice(0, budget)}\n\n[Cut at ${budget} of ${text.length} characters. Ask for less (a smaller limit, fewer formats) to see the rest.]`;
}

function heading(doc: any): string {
  const meta = doc?.metadata ?? {};
  const lines = [`Title: ${meta.title || '(none)'}`];
  const url = meta.url ?? meta.sourceURL;
  if (url) lines.push(`URL: ${url}${meta.statusCode ? ` (HTTP ${meta.statusCode})` : ''}`);
  if (doc?.warning) lines.push(`Warning: ${doc.warning}`);
  return lines.join('\n');
}

/**
 * One Document as an agent reads it: a short heading, the markdown from `offset` on
 * (at most `budget` characters), then any other requested format as JSON.
 * `more` names the call that reads on when the markdown is cut.
 */
export function documentText(doc: any, opts: { offset?: number; budget?: number; more: (nextOffset: number) => string }): string {
  const budget = opts.budget ?? MAX_TEXT_CHARS;
  const offset = opts.offset ?? 0;
  const parts = [heading(doc)];
  const rest = Object.fromEntries(Object.entries(doc ?? {}).filter(([k]) => !CONTENT_FIELDS.has(k) && k !== 'warning'));
  if (typeof doc?.markdown === 'string') {
    const md: string = doc.markdown;
    const end = Math.min(md.length, offset + budget);
    if (offset > 0 || end < md.length) parts.push(`(markdown characters ${offset}–${end} of ${md.length})`);
    parts.push('', md.slice(offset, end));
    if (end < md.length) parts.push('', `[Markdown cut at character ${end} of ${md.length}. ${opts.more(end)}]`);
  }
  if (Object.keys(rest).length) parts.push('', 'Other formats (JSON):', json(rest, budget));
  return parts.join('\n');
}

/**
 * A page of a job's documents (crawl, batch scrape): a status line, then documents
 * until the budget is spent. Always shows at least one (cut if need be); says which
 * `skip` reads the next ones.
 */
export function jobPageText(
  status: any,
  opts: { skip: number; budget?: number; more: (nextSkip: number) => string },
): string {
  const budget = opts.budget ?? MAX_TEXT_CHARS;
  const { data = [], next, success, ...summary } = status ?? {};
  const docs: any[] = Array.isArray(data) ? data : [];
  const parts = [`Status: ${JSON.stringify(summary)}`];
  let used = parts[0]!.length;
  let shown = 0;
  for (const doc of docs) {
    const text = documentText(doc, {
      budget: Math.max(1000, budget - used),
      more: () => 'Scrape this URL with an offset to read the whole page.',
    });
    if (shown > 0 && used + text.length > budget) break;
    parts.push('', `## Document ${opts.skip + shown + 1}`, text);
    used += text.length;
    shown++;
  }
  if (docs.length === 0) parts.push('', `No documents from skip=${opts.skip}.`);
  if (shown < docs.length || (next && shown > 0)) {
    parts.push('', `[Showing documents ${opts.skip + 1}–${opts.skip + shown}. ${opts.more(opts.skip + shown)}]`);
  }
  return parts.join('\n');
}
