/**
 * The search-engine operators a query may carry (§5.1: "operators like site:
 * pass through"), pulled out for an engine of our own that has to apply them
 * itself. Everything else is words and "quoted phrases".
 */
export interface ParsedQuery {
  /** Words or phrases (several words) every result must contain. */
  required: string[][];
  /** Words or phrases no result may contain (`-word`). */
  excluded: string[][];
  sites: string[];
  excludedSites: string[];
  fileTypes: string[];
}

const WORD = /[\p{L}\p{N}_]+/gu;
const TOKEN = /(-?)(?:(site|filetype|ext):(\S+)|"([^"]*)"?|(\S+))/giu;

const words = (text: string) => (text.match(WORD) ?? []).map((w) => w.toLowerCase());

export function parseQuery(query: string): ParsedQuery {
  const parsed: ParsedQuery = { required: [], excluded: [], sites: [], excludedSites: [], fileTypes: [] };
  for (const m of query.matchAll(TOKEN)) {
    const negated = m[1] === '-';
    const operator = m[2]?.toLowerCase();
    if (operator === 'site') {
      const site = m[3]!.toLowerCase().replace(/^https?:\/\//, '').split('/')[0]!;
      (negated ? parsed.excludedSites : parsed.sites).push(site);
      continue;
    }
    if (operator) {
      if (!negated) parsed.fileTypes.push(m[3]!.toLowerCase().replace(/^\./, ''));
      continue;
    }
    const ws = words(m[4] ?? m[5] ?? '');
    if (!ws.length) continue;
    // A quoted phrase stays one unit; a bare token like "node.js" is one phrase of its parts.
    (negated ? parsed.excluded : parsed.required).push(ws);
  }
  return parsed;
}
