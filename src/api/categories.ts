import { hostMatches } from '../search/domains.js';

export type Category = 'github' | 'research' | 'pdf';

/** §5.1's "fixed set of academic sites" for the `research` category. */
export const RESEARCH_HOSTS = [
  'arxiv.org',
  'pubmed.ncbi.nlm.nih.gov',
  'ncbi.nlm.nih.gov',
  'nature.com',
  'science.org',
  'ieee.org',
  'sciencedirect.com',
  'biorxiv.org',
  'medrxiv.org',
  'springer.com',
  'acm.org',
  'semanticscholar.org',
  'researchgate.net',
  'plos.org',
] as const;

export const GITHUB_HOSTS = ['github.com'] as const;

const isPdfUrl = (url: string) => /\.pdf(?:$|[?#])/i.test(url);

/** The first requested category a result belongs to, which is what its `category` field says. */
export function categoryOf(url: string, categories: readonly Category[], contentType?: string | null): Category | undefined {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return undefined;
  }
  return categories.find((c) => {
    if (c === 'github') return hostMatches(host, GITHUB_HOSTS);
    if (c === 'research') return hostMatches(host, RESEARCH_HOSTS);
    return isPdfUrl(url) || /pdf/i.test(contentType ?? '');
  });
}
