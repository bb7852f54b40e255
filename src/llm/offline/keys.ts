/**
 * How a schema's property names meet the labels pages use: words compared
 * after splitting camelCase, snake_case and prefixes (`og:`, `article:`),
 * plus groups of labels that mean the same thing.
 */

const STOP = new Set(['the', 'a', 'an', 'of', 'for', 'to', 'in', 'on', 'and', 'or', 'is', 'its', 'this', 'that', 'with', 'by', 'og', 'twitter', 'article', 'product', 'schema', 'item', 'value', 'page', 'at']);

const stem = (w: string) => (w.length > 4 && w.endsWith('ies') ? `${w.slice(0, -3)}y` : w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

/** `datePublished` → [date, published]; `og:title` → [title]; `job_location` → [job, location]. */
export function wordsOf(key: string): string[] {
  let words = wordCache.get(key);
  if (!words) {
    if (wordCache.size > 10_000) wordCache.clear();
    wordCache.set(key, (words = splitWords(key)));
  }
  return words;
}

// Labels repeat across records and schema fields: each is split once.
const wordCache = new Map<string, string[]>();

function splitWords(key: string): string[] {
  const spaced = key
    .replace(/^@/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9à-ÿ]+/g, ' ')
    .trim();
  const all = spaced.split(' ').filter(Boolean).map(stem);
  const kept = all.filter((w) => !STOP.has(w));
  return kept.length ? kept : all;
}

/** Labels that mean the same, as word lists; the first of each group names it. */
const GROUPS: string[][] = [
  ['name', 'title', 'headline', 'heading', 'document title', 'product name', 'full name', 'job title', 'position', 'role'],
  ['price', 'cost', 'amount', 'low price', 'sale price', 'current price', 'offer price', 'price amount'],
  ['currency', 'price currency', 'currency code'],
  ['description', 'summary', 'abstract', 'overview', 'about', 'intro', 'excerpt', 'teaser'],
  ['image', 'photo', 'picture', 'thumbnail', 'img', 'image url', 'logo'],
  ['url', 'link', 'href', 'website', 'homepage', 'web', 'canonical', 'permalink'],
  ['author', 'creator', 'byline', 'writer', 'written by', 'posted by', 'by'],
  ['date published', 'date', 'published', 'published time', 'publish date', 'published date', 'published at', 'publication', 'pubdate', 'publication date', 'date posted', 'posted', 'posted on', 'date created', 'release date'],
  ['date modified', 'modified', 'modified time', 'updated', 'last updated', 'updated time'],
  ['start date', 'start', 'starts', 'begin', 'date', 'when', 'event date', 'start time'],
  ['end date', 'end', 'ends', 'finish', 'end time'],
  ['location', 'venue', 'place', 'where', 'job location', 'city', 'address locality'],
  ['address', 'street address', 'street', 'postal address', 'mailing address'],
  ['telephone', 'phone', 'tel', 'phone number', 'mobile', 'call', 'contact number'],
  ['email', 'e mail', 'mail', 'email address', 'contact email'],
  ['salary', 'base salary', 'compensation', 'pay', 'wage', 'salary range', 'remuneration'],
  ['company', 'hiring organization', 'employer', 'organization', 'organisation', 'company name', 'organizer', 'publisher', 'brand', 'manufacturer', 'seller'],
  ['availability', 'in stock', 'stock', 'stock status', 'available'],
  ['rating', 'rating value', 'aggregate rating', 'star', 'score', 'review rating', 'average rating'],
  ['review count', 'reviews', 'number of reviews', 'rating count'],
  ['sku', 'product id', 'mpn', 'item number', 'model number', 'gtin', 'part number'],
  ['ingredient', 'recipe ingredient', 'ingredients list'],
  ['instruction', 'recipe instruction', 'step', 'direction', 'method', 'preparation'],
  ['prep time', 'preparation time'],
  ['cook time', 'cooking time', 'bake time'],
  ['total time', 'time', 'duration', 'ready in'],
  ['recipe yield', 'yield', 'serving', 'serve', 'portion', 'makes'],
  ['calorie', 'calories', 'energy', 'kcal'],
  ['employment type', 'job type', 'type', 'contract', 'contract type', 'schedule', 'work type'],
  ['requirement', 'qualification', 'skill', 'experience requirement', 'what you bring', 'must have'],
  ['responsibility', 'duty', 'what you will do', 'your role', 'task'],
  ['category', 'section', 'article section', 'genre', 'department', 'topic'],
  ['tag', 'keyword', 'label', 'topic', 'hashtag'],
  ['language', 'in language', 'lang', 'locale'],
  ['opening hour', 'hour', 'opening time', 'business hour', 'open'],
  ['performer', 'speaker', 'artist', 'host', 'presenter'],
  ['ticket', 'offer', 'admission'],
  ['postal code', 'zip', 'zip code', 'postcode'],
  ['country', 'address country', 'nation'],
  ['fax', 'fax number'],
  ['content', 'body', 'article body', 'text'],
];

const groupIndex = new Map<string, number[]>();
GROUPS.forEach((g, i) => {
  for (const label of g) {
    const k = wordsOf(label).join(' ');
    groupIndex.set(k, [...(groupIndex.get(k) ?? []), i]);
  }
});

const groupsOf = (words: string[]): number[] => groupIndex.get(words.join(' ')) ?? [];

/** Whether a label (a class name, an itemprop) is one of the known names of a field. */
export const isKnownLabel = (label: string): boolean => groupsOf(wordsOf(label)).length > 0;

export interface Target {
  name: string;
  description?: string;
}

/**
 * How well a page label (`candidate`, possibly a dotted path like
 * `offers.price`) names the schema property `target`: 1 exact, less for the
 * last path segment, a synonym, or shared words; 0 for no relation.
 */
export function matchScore(target: Target, candidate: string): number {
  const t = wordsOf(target.name);
  const segments = candidate.split('.');
  const last = wordsOf(segments[segments.length - 1]!);
  const full = wordsOf(candidate);
  if (!t.length || !full.length) return 0;
  const same = (a: string[], b: string[]) => a.join(' ') === b.join(' ');
  if (same(t, full)) return 1;
  if (same(t, last)) return 0.9;
  const tg = groupsOf(t);
  if (tg.length && groupsOf(last).some((g) => tg.includes(g))) return segments.length > 1 ? 0.75 : 0.8;
  if (tg.length && groupsOf(full).some((g) => tg.includes(g))) return 0.7;
  const overlap = (a: string[], b: string[]) => a.filter((w) => b.includes(w)).length;
  const shared = overlap(t, full);
  let score = shared ? (0.65 * shared) / Math.max(t.length, last.length) : 0;
  // The head noun decides what a compound names: `ticketPrice` is a price.
  const head = t[t.length - 1]!;
  if (t.length > 1 && (same([head], last) || groupsOf([head]).some((g) => groupsOf(last).includes(g)))) score = Math.max(score, 0.6);
  if (target.description) {
    const d = wordsOf(target.description);
    // A description naming the label ("the price in USD") is nearly as good as the name.
    if (same(d, last) || (last.length && last.every((w) => d.includes(w)))) score = Math.max(score, 0.7);
    else if (overlap(d, last)) score = Math.max(score, (0.5 * overlap(d, last)) / last.length);
  }
  return score;
}

export const MATCH_THRESHOLD = 0.5;
