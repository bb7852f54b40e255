// The sections of a site a prompt names ("the blog and /docs", "careers pages", "pdf
// files") and the path patterns that select them.

/** Words that name what kind of thing a section holds, not the section: "blog *posts*". */
const NOUNS = String.raw`(?:sections?|pages?|posts?|articles?|areas?|folders?|director(?:y|ies)|parts?|content|urls?|paths?|subpaths?|tree|files?|documents?|stuff)`;

const ITEM = new RegExp(
  String.raw`\s*(?:(?:the|our|their|its|all|any|every)\s+)*(\/[^\s,;&+"'“”]*|\*?\.[a-z0-9]{1,5}\b|[a-z][a-z0-9_-]*(?![\w-]|\.\w))(?:\s+${NOUNS}\b)?`,
  'iy',
);
const SEPARATOR = /\s*(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|&|\+)\s*/iy;

/**
 * Words that never name a section: a prompt saying "only english pages" or "crawl the
 * site" means something the rules do not know, and is better warned about than turned
 * into `/english` or `/site`.
 */
const NOT_SECTIONS = new Set(
  `a an the this that these those it its my our your their me us you them site sites website websites web domain
  domains host page pages home homepage start starting root main index first last next previous other same different
  new newest recent latest old older important relevant top popular public private internal external english german
  french spanish italian dutch chinese japanese languages language links link url urls everything anything all each
  every more less few many most some sitemap sitemaps robots subdomains subdomain query parameters params html
  and or but not no only just up at to of on in from by for with without within under over into onto is are be
  crawl crawling scrape scraping fetch get follow visit deep levels level depth`.split(/\s+/),
);

export interface SectionList {
  /** Path patterns (§7.1 regexes), one per section named. */
  patterns: string[];
  /** Where the list ends in the text. */
  end: number;
}

export const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pattern selecting one named section, or undefined when the word names none. */
function patternOf(item: string): string | undefined {
  if (/^\*?\.[a-z0-9]{1,5}$/i.test(item)) return `${escapeRegex(item.replace(/^\*/, '').toLowerCase())}$`;
  if (/^pdfs?$/i.test(item)) return String.raw`\.pdf$`;
  let path = item.replace(/[.!?:)]+$/, '');
  if (!path.startsWith('/')) {
    if (NOT_SECTIONS.has(path.toLowerCase()) || path.length < 2) return undefined;
    path = `/${path.toLowerCase()}`;
  }
  path = path.replace(/(?:\/\*+)+$|\*+$/, '').replace(/\/+$/, '');
  if (path === '') return undefined;
  // A glob star inside a path stands for one or more segments' worth of anything.
  return `^${escapeRegex(path).replace(/\\\*/g, '.*')}(/|$).*`;
}

/**
 * Reads a list of sections at `start` ("the blog, /docs and careers pages"). The list
 * stops before the first word that names no section; null when the first one does not.
 */
export function readSectionList(text: string, start: number): SectionList | null {
  const patterns: string[] = [];
  let end = start;
  let at = start;
  for (;;) {
    ITEM.lastIndex = at;
    const item = ITEM.exec(text);
    const pattern = item ? patternOf(item[1]!) : undefined;
    if (!item || !pattern) break;
    if (!patterns.includes(pattern)) patterns.push(pattern);
    end = ITEM.lastIndex;
    SEPARATOR.lastIndex = end;
    if (!SEPARATOR.exec(text)) break;
    at = SEPARATOR.lastIndex;
  }
  return patterns.length ? { patterns, end } : null;
}

/** The pattern selecting everything under a URL's path, or undefined for the root. */
export function pathPatternOf(url: string): string | undefined {
  const path = new URL(url).pathname.replace(/\/index\.(?:html?|php)$/i, '').replace(/\/+$/, '');
  return path ? `^${escapeRegex(path)}(/|$).*` : undefined;
}
