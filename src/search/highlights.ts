import { rankPassages } from '../llm/offline/passages.js';

/** Passages per result: enough to show why it matches, as short as a description should be. */
const MAX_PASSAGES = 2;

type Item = Record<string, unknown> & { markdown?: unknown };

/**
 * Search highlights (`highlights`, on by default, as Firecrawl): a result
 * whose page content is at hand (it was scraped with markdown) gets the
 * page's passages most relevant to the query in place of its plain
 * `description` (web) or `snippet` (news), in page order. A result without
 * content or without a matching passage keeps what the search provider said.
 * Results from the local index already carry a query-matched snippet.
 */
export function applyHighlights(query: string, groups: { web?: Item[]; news?: Item[] }): void {
  const highlight = (item: Item, field: 'description' | 'snippet') => {
    if (typeof item.markdown !== 'string' || !item.markdown) return;
    const passages = rankPassages(item.markdown, query).slice(0, MAX_PASSAGES).sort((a, b) => a.index - b.index);
    if (passages.length) item[field] = passages.map((p) => p.text).join('\n\n');
  };
  for (const item of groups.web ?? []) highlight(item, 'description');
  for (const item of groups.news ?? []) highlight(item, 'snippet');
}
