import { digitsForNumberWords } from './numbers.js';
import type { CrawlPromptReader, CrawlPromptReading, PromptCrawlOptions } from './reader.js';
import { RULES } from './rules.js';
import { pathPatternOf } from './sections.js';

/** Stands in for the words a rule claimed: no later rule can match across it. */
const CLAIMED = '\u0001';

/** Words that carry no instruction of their own, so leaving them unread is no loss worth a warning. */
const FILLER = new Set(
  `a an the this that these those it its it's of on in from for to and or but with by at as be is are was please pls
  i i'd i'm we you me my our your can could would should will want need like let's lets just only also all any some
  crawl crawling crawler scrape scraping map fetch fetching get grab collect index go through visit look use using
  site website web domain page pages url urls link links content contents data stuff everything anything things
  make sure then too as well thanks thank hey hi ok okay so start starting max most limit keep it's focus here there`.split(/\s+/),
);

const QUOTED_PARTS = 5;
const QUOTED_LENGTH = 80;

/** Words that join instructions: trimmed from the ends of a part quoted in the warning. */
const JOINTS = new Set(['and', 'or', 'but', 'then', 'also', 'please', 'so', 'plus']);

function merge(into: PromptCrawlOptions, from: PromptCrawlOptions): void {
  for (const [key, value] of Object.entries(from) as [keyof PromptCrawlOptions, unknown][]) {
    if (key === 'includePaths' || key === 'excludePaths') {
      into[key] = [...new Set([...(into[key] ?? []), ...(value as string[])])];
    } else {
      (into as Record<string, unknown>)[key] = value;
    }
  }
}

/** The unclaimed stretches of the prompt that hold more than filler, without joining words at their ends. */
function unread(text: string): string[] {
  const isFiller = (w: string) => FILLER.has(w.toLowerCase());
  const isJoint = (w: string) => JOINTS.has(w.toLowerCase());
  const parts: string[] = [];
  for (const part of text.split(new RegExp(`${CLAIMED}+`))) {
    const words = part.replace(/[^\w'/.-]+/g, ' ').replace(/(?:^|\s)[.'-]+|[.'-]+(?=\s|$)/g, ' ').trim().split(/\s+/);
    let from = 0;
    let to = words.length;
    if (!words.some((w) => w !== '' && !isFiller(w))) continue;
    while (from < to && isJoint(words[from]!)) from++;
    while (to > from && isJoint(words[to - 1]!)) to--;
    parts.push(words.slice(from, to).join(' '));
  }
  return parts;
}

/** The unread parts as the warning quotes them: a few, each cut short, however long the prompt (up to 10,000 characters). */
function quoted(parts: string[]): string {
  const shown = parts.slice(0, QUOTED_PARTS).map((p) => `"${p.length > QUOTED_LENGTH ? `${p.slice(0, QUOTED_LENGTH)}…` : p}"`);
  return parts.length > QUOTED_PARTS ? `${shown.join(', ')} and ${parts.length - QUOTED_PARTS} more` : shown.join(', ');
}

/**
 * Reads the common phrasings of a crawl request ("only the blog", "skip /admin", "up to
 * 50 pages", "2 levels deep", "ignore the sitemap", …) without a language model.
 */
export function readCrawlPrompt(url: string, prompt: string): CrawlPromptReading {
  let text = digitsForNumberWords(prompt.replace(/[‘’]/g, "'"));
  const options: PromptCrawlOptions = {};
  for (const rule of RULES) {
    rule.pattern.lastIndex = 0;
    for (let m = rule.pattern.exec(text); m; m = rule.pattern.exec(text)) {
      const found = rule.read(m, { url, text });
      if (!found) {
        rule.pattern.lastIndex = m.index + 1;
        continue;
      }
      const end = Math.max(found.end ?? 0, m.index + m[0].length);
      merge(options, found.options);
      text = text.slice(0, m.index) + CLAIMED.repeat(end - m.index) + text.slice(end);
      rule.pattern.lastIndex = Math.max(end, m.index + 1);
    }
  }
  widenScope(url, options);
  const left = unread(text);
  return {
    options,
    ...(left.length && { warning: `Parts of the prompt were not understood and had no effect: ${quoted(left)}.` }),
  };
}

/**
 * Sections outside the start URL's path can only be reached when the crawl may leave
 * that path, so naming one implies `crawlEntireDomain` unless the prompt said otherwise.
 */
function widenScope(url: string, options: PromptCrawlOptions): void {
  const own = pathPatternOf(url);
  if (!own || options.crawlEntireDomain !== undefined || !options.includePaths) return;
  const children = own.replace('(/|$).*', '/');
  const outside = options.includePaths.some((p) => p.startsWith('^/') && p !== own && !p.startsWith(children));
  if (outside) options.crawlEntireDomain = true;
}

export const ruleBasedCrawlPromptReader: CrawlPromptReader = {
  read: async (url, prompt) => readCrawlPrompt(url, prompt),
};
