// The phrasings the rule-based reader understands. Each rule finds one kind of
// instruction; the reader tries them in this order, so the specific ones ("ignore the
// sitemap", "no more than 20 pages") claim their words before the general section
// rules ("ignore the blog", "no careers pages") see them.
import { NUMBER, parseNumber } from './numbers.js';
import type { PromptCrawlOptions } from './reader.js';
import { escapeRegex, pathPatternOf, readSectionList } from './sections.js';

export interface RuleContext {
  url: string;
  /** The prompt as the rules see it (numbers in digits, claimed parts blanked out). */
  text: string;
}

export interface RuleMatch {
  options: PromptCrawlOptions;
  /** Where the instruction ends, when it runs past the pattern's match. */
  end?: number;
}

export interface Rule {
  /** Global; a match the rule then declines is retried one character further on. */
  pattern: RegExp;
  read(m: RegExpExecArray, ctx: RuleContext): RuleMatch | null;
}

const N = `(${NUMBER})`;
const START_PAGE = String.raw`(?:start(?:ing)?\s+(?:page|url)|home\s*page|front\s+page|landing\s+page|main\s+page|root\s+page|first\s+page|this\s+(?:page|url)|given\s+(?:page|url)|entry\s+page)`;
const DEPTH_UNITS = String.raw`(?:levels?|clicks?|hops?|layers?)`;
const TIME_UNIT = String.raw`(seconds?|secs?|s|milliseconds?|ms|minutes?|mins?)`;
const BETWEEN = String.raw`between\s+(?:each\s+|every\s+|two\s+)?(?:pages?|requests?|scrapes?|fetch(?:es)?|hits?|calls?)`;
const NOT_A_COUNT = String.raw`(?!\s*(?:${DEPTH_UNITS}|deep\b|seconds?|secs?\b|s\b|ms\b|milliseconds?|minutes?|mins?\b)|\.\d)`;
const SITEMAP = String.raw`sitemaps?(?:\.xml)?`;
const ROBOTS = String.raw`(?:robots(?:\.txt|\s+txt)?|robot\s+rules)(?:\s+(?:file|rules|restrictions|directives))?`;
const QUERY = String.raw`(?:url\s+)?(?:query[\s-]*(?:strings?|param(?:eter)?s?)|query|param(?:eter)?s|search\s+params)`;
const EXTERNAL = String.raw`(?:external|outbound|outgoing|offsite|off-site|third[\s-]party)\s+(?:links?|sites?|websites?|domains?|pages?|urls?)`;
const SITE = String.raw`(?:the\s+|this\s+)?(?:web\s*site|site|domain)`;
const FOLLOWED_BY_SCOPE = String.raw`(?!\s+(?:under|in|within|inside|below|beneath|from|of|linked|that|it)\b)`;

const rx = (source: string) => new RegExp(source, 'gi');
const set = (options: PromptCrawlOptions) => () => ({ options });

function count(text: string): number | undefined {
  const n = Math.floor(parseNumber(text));
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

const depth = (m: RegExpExecArray) => {
  const n = count(m[1]!);
  return n === undefined ? null : { options: { maxDiscoveryDepth: n } };
};

/** Fewer than 50 pages is at most 49. */
const limit = (m: RegExpExecArray) => {
  const n = count(m[2]!);
  const value = n !== undefined && m[1] ? n - 1 : n;
  return value === undefined || value < 1 ? null : { options: { limit: value } };
};

/** The contract wants whole seconds here (§7.6); rounding up keeps the crawl at least as polite as asked. */
function delay(amount: string | undefined, unit: string | undefined) {
  const n = amount === undefined ? 1 : parseNumber(amount);
  if (!Number.isFinite(n) || n <= 0) return null;
  const u = (unit ?? 's').toLowerCase();
  const seconds = /^(?:ms|milliseconds?)$/.test(u) ? n / 1000 : u.startsWith('min') ? n * 60 : n;
  return { options: { delay: Math.max(1, Math.ceil(seconds)) } };
}

const EXCLUDE_TRIGGER = String.raw`(?:skip(?:ping)?|exclud(?:e|ing)|avoid(?:ing)?|ignor(?:e|ing)|without|except(?:\s+for)?|but\s+not|not|no|never\s+(?:crawl|scrape|visit)|don't\s+(?:crawl|scrape|include|visit|touch|go\s+(?:into|to))|do\s+not\s+(?:crawl|scrape|include|visit|touch|go\s+(?:into|to))|leav(?:e|ing)\s+out|omit(?:ting)?|minus|stay\s+(?:away\s+from|out\s+of)|other\s+than)`;

const sections = (key: 'includePaths' | 'excludePaths') => (m: RegExpExecArray, ctx: RuleContext) => {
  const list = readSectionList(ctx.text, m.index + m[0].length);
  return list && { options: { [key]: list.patterns }, end: list.end };
};

export const RULES: Rule[] = [
  // Depth. Sitemap URLs count as depth 0 (§7.1), so "the start page and what it links to" also skips the sitemap.
  {
    pattern: rx(String.raw`\b(?:(?:only|just)\s+(?:crawl\s+|scrape\s+|fetch\s+|get\s+)?(?:the\s+)?${START_PAGE}(?!\s*(?:,|and\b|plus\b|\+|with\b|along\b|together\b))|(?:the\s+)?${START_PAGE}\s+only)\b`),
    read: set({ maxDiscoveryDepth: 0, sitemap: 'skip' }),
  },
  {
    pattern: rx(String.raw`\b(?:the\s+)?${START_PAGE}\s*,?\s*(?:and|plus|\+|with|along\s+with|together\s+with)\s+(?:the\s+|all\s+(?:the\s+)?|any\s+|every\s+|its\s+)?(?:pages?|links?|urls?|everything|anything|whatever)\s+(?:that\s+)?(?:it\s+(?:directly\s+)?(?:links?\s+to|points?\s+to)|(?:directly\s+)?linked(?:\s+(?:from|to|on)\s+(?:it|there|that\s+page))?|on\s+it|it\s+has|1\s+(?:click|hop|level)\s+away)`),
    read: set({ maxDiscoveryDepth: 1, sitemap: 'skip' }),
  },
  {
    pattern: rx(String.raw`\b(?:(?:pages?|urls?|links?)\s+(?:directly\s+)?linked\s+(?:from|on)\s+(?:the\s+)?${START_PAGE}|direct(?:ly)?\s+link(?:ed|s)(?:\s+pages?)?(?:\s+only)?)`),
    read: set({ maxDiscoveryDepth: 1, sitemap: 'skip' }),
  },
  { pattern: rx(String.raw`\b(?:no|not|never)\s+(?:go\s+)?deeper\s+than\s+${N}(?:\s+${DEPTH_UNITS})?`), read: depth },
  {
    pattern: rx(String.raw`\b(?:(?:max(?:imum)?|up\s+to|at\s+most|no\s+more\s+than|not\s+more\s+than|only|just)\s+)?${N}\s+${DEPTH_UNITS}(?:\s+(?:deep|down|away|of\s+depth|in\s+depth))?(?:\s+from\s+the\s+${START_PAGE})?(?:\s+(?:at\s+most|max(?:imum)?|tops))?`),
    read: depth,
  },
  { pattern: rx(String.raw`\b${N}\s+(?:links?|pages?)\s+(?:deep|away)\b`), read: depth },
  {
    pattern: rx(String.raw`\b(?:(?:max(?:imum)?|crawl|discovery|link)\s+)*depth\s*(?:limit\s*)?(?:of|=|:|to|is|at)?\s*(?:of\s+)?${N}`),
    read: depth,
  },

  // Delay between requests.
  {
    pattern: rx(String.raw`\b(?:wait(?:ing)?|paus(?:e|ing)|sleep(?:ing)?|delay(?:\s+of)?)\s+${N}\s*-?\s*${TIME_UNIT}\b(?:\s+(?:delay|pause|wait|gap))?(?:\s+${BETWEEN})?`),
    read: (m) => delay(m[1], m[2]),
  },
  {
    pattern: rx(String.raw`\b(?:(?:with\s+)?an?\s+)?${N}\s*-?\s*${TIME_UNIT}\s+(?:(?:delay|pause|wait|gap)(?:\s+${BETWEEN})?|${BETWEEN}|apart)`),
    read: (m) => delay(m[1], m[2]),
  },
  { pattern: rx(String.raw`\bdelay\s*(?:of|=|:|is)?\s*${N}(?!\s*(?:pages?|${DEPTH_UNITS}))`), read: (m) => delay(m[1], 's') },
  {
    pattern: rx(String.raw`\b1\s+(?:request|page|fetch)\s+(?:every|per|each|a)\s+(?:${N}\s*)?${TIME_UNIT}\b`),
    read: (m) => delay(m[1], m[2]),
  },

  // Page count.
  {
    pattern: rx(String.raw`\b(?:(?:up\s+to|at\s+most|an?\s+max(?:imum)?\s+of|max(?:imum)?(?:\s+of)?|no\s+more\s+than|not\s+more\s+than|(?:limit(?:ed)?|cap(?:ped)?)(?:\s+(?:it|this|the\s+crawl))?\s+(?:to|at)|only|just|the\s+first|first|about|around|roughly|approximately|some|(fewer\s+than|less\s+than|under|below))\s+)?${N}\s+(?:pages?|urls?|documents?|results?|links?|articles?|posts?)\b(?:\s+(?:max(?:imum)?|at\s+most|tops|or\s+(?:fewer|less)))?`),
    read: limit,
  },
  {
    pattern: rx(String.raw`\b(?:up\s+to|at\s+most|an?\s+max(?:imum)?\s+of|max(?:imum)?(?:\s+of)?|no\s+more\s+than|not\s+more\s+than|(?:limit(?:ed)?|cap(?:ped)?)(?:\s+(?:it|this|the\s+crawl))?\s+(?:to|at)|(fewer\s+than|less\s+than))\s+${N}\b${NOT_A_COUNT}`),
    read: limit,
  },
  // The empty group stands where the other count rules capture "fewer than", so `limit` reads the number as group 2.
  { pattern: rx(String.raw`\b()(?:page\s+|crawl\s+)?limit\s*(?:of|=|:|is)?\s*${N}\b${NOT_A_COUNT}`), read: limit },

  // Sitemap.
  {
    pattern: rx(String.raw`\b(?:(?:only|just|exclusively|solely)\s+(?:crawl\s+|scrape\s+|use\s+|follow\s+|fetch\s+)?(?:the\s+)?(?:(?:pages?|urls?|links?|entries)\s+(?:listed\s+)?(?:in|from|on|of)\s+(?:the\s+)?)?${SITEMAP}(?:\s+(?:urls?|pages?|links?|entries))?|(?:(?:pages?|urls?)\s+(?:from|in)\s+)?(?:the\s+)?${SITEMAP}(?:\s+(?:urls?|pages?|links?|entries))?\s+only|nothing\s+but\s+(?:the\s+)?${SITEMAP})\b`),
    read: set({ sitemap: 'only' }),
  },
  {
    pattern: rx(String.raw`\b(?:ignor(?:e|ing)|skip(?:ping)?|bypass|disregard|don't\s+(?:use|read|check)|do\s+not\s+(?:use|read|check)|without(?:\s+using)?|no|not\s+from|avoid)\s+(?:the\s+|a\s+|any\s+)?${SITEMAP}`),
    read: set({ sitemap: 'skip' }),
  },
  {
    pattern: rx(String.raw`\b(?:use|using|include|including|with|plus|also|check|read)\s+(?:the\s+)?${SITEMAP}`),
    read: set({ sitemap: 'include' }),
  },

  // robots.txt.
  {
    pattern: rx(String.raw`\b(?:ignor(?:e|ing)|skip(?:ping)?|bypass|disregard|override|don't\s+(?:respect|obey|follow|honou?r|check|care\s+about)|do\s+not\s+(?:respect|obey|follow|honou?r|check)|without\s+(?:respecting|checking|honou?ring|obeying)|not\s+respecting)\s+(?:the\s+|any\s+)?${ROBOTS}(?:\s*,?\s+and\s+(?:the\s+|any\s+)?(${QUERY}))?`),
    read: (m) => ({ options: { ignoreRobotsTxt: true, ...(m[1] && { ignoreQueryParameters: true }) } }),
  },
  {
    pattern: rx(String.raw`\b(?:respect(?:ing)?|obey(?:ing)?|follow(?:ing)?|honou?r(?:ing)?|check(?:ing)?)\s+(?:the\s+)?${ROBOTS}`),
    read: set({ ignoreRobotsTxt: false }),
  },

  // Query strings.
  {
    pattern: rx(String.raw`\b(?:ignor(?:e|ing)|strip(?:ping)?|drop(?:ping)?|remov(?:e|ing)|disregard|without|no)\s+(?:the\s+|any\s+|all\s+)?${QUERY}(?:\s*,?\s+and\s+(?:the\s+|any\s+)?(${ROBOTS}))?|\btreat\s+urls\s+(?:that\s+differ\s+only\s+(?:by|in)|with\s+different)\s+(?:their\s+)?${QUERY}\s+as\s+(?:the\s+)?same(?:\s+pages?)?`),
    read: (m) => ({ options: { ignoreQueryParameters: true, ...(m[1] && { ignoreRobotsTxt: true }) } }),
  },
  {
    pattern: rx(String.raw`\b(?:keep(?:ing)?|respect(?:ing)?|preserv(?:e|ing)|consider(?:ing)?)\s+(?:the\s+)?${QUERY}`),
    read: set({ ignoreQueryParameters: false }),
  },

  // Subdomains.
  {
    pattern: rx(String.raw`\b(?:no|not|don't\s+(?:include|crawl|follow|visit|go\s+to)|do\s+not\s+(?:include|crawl|follow|visit|go\s+to)|exclud(?:e|ing)|skip(?:ping)?|ignor(?:e|ing)|without|avoid)\s+(?:(?:any|the|other)\s+)*subdomains?|\bstay\s+on\s+(?:the\s+|this\s+)?(?:same\s+)?(?:host(?:name)?|subdomain)`),
    read: set({ allowSubdomains: false }),
  },
  {
    pattern: rx(String.raw`\b(?:include|including|with|also|plus|follow|crawl|allow(?:ing)?|across|cover|and|on)\s+(?:(?:all|its|the|any|other|their)\s+)*subdomains?|\bsubdomains?\s+(?:too|as\s+well|included|allowed)`),
    read: set({ allowSubdomains: true }),
  },

  // External links.
  {
    pattern: rx(String.raw`\b(?:don't|do\s+not|never|no|not|without|skip(?:ping)?|ignor(?:e|ing)|avoid)\s+(?:follow(?:ing)?\s+|crawl(?:ing)?\s+|visit(?:ing)?\s+)?(?:any\s+|the\s+)?${EXTERNAL}|\bstay\s+on\s+(?:the\s+|this\s+)?(?:same\s+)?(?:web\s*site|site|domain)`),
    read: set({ allowExternalLinks: false }),
  },
  {
    pattern: rx(String.raw`\b(?:follow(?:ing)?|include|including|crawl|allow|visit|also|and)\s+(?:(?:the|any|all)\s+)?${EXTERNAL}|\bfollow(?:ing)?\s+(?:the\s+)?links?\s+to\s+other\s+(?:sites|websites|domains)`),
    read: set({ allowExternalLinks: true }),
  },

  // De-duplication of similar URLs.
  {
    pattern: rx(String.raw`\b(?:don't|do\s+not|no)\s+(?:de-?duplicat(?:e|ion)|dedupe)(?:\s+(?:of\s+)?similar\s+urls)?|\bkeep\s+(?:similar|duplicate)\s+urls`),
    read: set({ deduplicateSimilarURLs: false }),
  },
  { pattern: rx(String.raw`\b(?:de-?duplicate|dedupe)\s+similar\s+urls`), read: set({ deduplicateSimilarURLs: true }) },

  // Scope: the whole domain, or only the start URL's section.
  {
    pattern: rx(String.raw`\b(?:(?:the\s+)?(?:whole|entire|full|complete)\s+(?:web\s*site|site|domain)\b|(?:every|each)\s+page\s+(?:on|of)\s+${SITE}|all\s+(?:the\s+)?(?:pages|urls)\s+(?:on|of|across)\s+${SITE}|all\s+(?:the\s+)?pages\b${FOLLOWED_BY_SCOPE}|everything\b${FOLLOWED_BY_SCOPE}|(?:sibling|parent)\s+pages|beyond\s+(?:this|the\s+start(?:ing)?)\s+(?:path|section|url|page))`),
    read: set({ crawlEntireDomain: true }),
  },
  {
    pattern: rx(String.raw`\bonly\s+(?:sub-?pages|child\s+pages|children|pages\s+(?:below|beneath)\s+(?:this|the\s+start(?:ing)?)\s+(?:page|url|path))`),
    read: set({ crawlEntireDomain: false }),
  },
  {
    pattern: rx(String.raw`\b(?:(?:this|the\s+(?:current|given|same|start(?:ing)?))\s+(?:section|path|folder|directory|subtree|subdirectory)\b|(?:under|below|beneath|within|inside)\s+(?:this|the\s+(?:start(?:ing)?|given))\s+(?:url|path|page))`),
    read: (_m, ctx) => {
      const own = pathPatternOf(ctx.url);
      return { options: own ? { includePaths: [own], crawlEntireDomain: false } : { crawlEntireDomain: false } };
    },
  },

  // Sections: by what their URLs contain, by name or path.
  {
    pattern: rx(String.raw`\b(?:(${EXCLUDE_TRIGGER})\s+)?(?:(?:any|all|the)\s+)?(?:urls?|pages?|links?|paths?)\s+(?:containing|that\s+contains?|which\s+contains?|matching|that\s+match(?:es)?)\s+["'“]?([^\s"'”,;]+?)["'”]?(?=[\s,;]|\.?$|\.\s)(?:\s+in\s+(?:the\s+|their\s+)?(?:url|path))?`),
    read: (m) => ({ options: { [m[1] ? 'excludePaths' : 'includePaths']: [escapeRegex(m[2]!)] } }),
  },
  { pattern: rx(String.raw`\b${EXCLUDE_TRIGGER}\s+`), read: sections('excludePaths') },
  {
    pattern: rx(String.raw`\b(?:only|just|solely|exclusively|limit(?:ed)?\s+to|restrict(?:ed)?\s+to|focus(?:ing)?\s+on|stick\s+to|stay\s+(?:with)?in|under|within|inside|below|beneath|in|all|crawl|scrape|fetch|get|index|cover|map|visit|include|including)\s+`),
    read: sections('includePaths'),
  },
  // What is left of a section list: "/docs and /api only", "blog only".
  {
    pattern: rx(String.raw`(?<![\w/.])(?=(?:\/[\w*]|[a-z][\w-]*(?:\s+[a-z]+)?\s+only\b))`),
    read: (m, ctx) => {
      const list = readSectionList(ctx.text, m.index);
      if (!list) return null;
      const only = /\s+only\b/iy;
      only.lastIndex = list.end;
      return { options: { includePaths: list.patterns }, end: only.exec(ctx.text) ? only.lastIndex : list.end };
    },
  },
];
