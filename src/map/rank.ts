import type { MapLink } from './link.js';

const tokens = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((t) => t.length > 0);

/**
 * How well a link answers `search`: each search word found in the URL counts
 * most (the path is what the caller will crawl), then in the title, then in the
 * description; the whole search text appearing as written adds a bonus.
 */
function relevance(link: MapLink, words: string[], phrase: string): number {
  let url: string;
  try {
    const u = new URL(link.url);
    url = decodeURIComponent(u.hostname + u.pathname + u.search).toLowerCase();
  } catch {
    url = link.url.toLowerCase();
  }
  const urlTokens = new Set(tokens(url));
  const titleTokens = new Set(tokens(link.title ?? ''));
  const descriptionTokens = new Set(tokens(link.description ?? ''));
  let score = 0;
  for (const w of words) {
    if (urlTokens.has(w)) score += 3;
    else if (url.includes(w)) score += 2;
    if (titleTokens.has(w)) score += 2;
    if (descriptionTokens.has(w)) score += 1;
  }
  const title = (link.title ?? '').toLowerCase();
  if (words.length > 1 && (url.includes(phrase.replace(/\s+/g, '-')) || title.includes(phrase))) score += 2;
  return score;
}

/** Links matching `search` first, best first; the rest after them; ties keep their order. */
export function rankBySearch(links: MapLink[], search: string): MapLink[] {
  const words = [...new Set(tokens(search))];
  if (!words.length) return links;
  const phrase = words.join(' ');
  return links
    .map((link, i) => ({ link, i, score: relevance(link, words, phrase) }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((r) => r.link);
}
