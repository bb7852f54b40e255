import type { Egress } from '../egress/index.js';
import { categoryOf, type Category } from '../api/categories.js';
import { domainAllowed } from './domains.js';
import type { ImageHit, NewsHit, SearchHits, SearchParams, SearchProvider, SearchSource, SourceOptions, WebHit } from './provider.js';
import type { TimeFilter } from './time-filter.js';

interface SearxResult {
  url?: string;
  title?: string;
  content?: string;
  publishedDate?: string | null;
  thumbnail?: string | null;
  thumbnail_src?: string | null;
  img_src?: string | null;
  resolution?: string | null;
}

const SEARX_CATEGORY: Record<SearchSource, string> = { web: 'general', news: 'news', images: 'images' };
/** SearXNG answers about ten results a page; past this many pages an instance has nothing better to give. */
const MAX_PAGES = 10;
const DAY = 86_400_000;

/** SearXNG only knows day/week/month/year: the smallest range that still covers the filter. */
export function timeRange(tbs: TimeFilter | undefined, now = Date.now()): string | undefined {
  if (!tbs?.since) return undefined;
  const age = tbs.spanMs ?? now - tbs.since.getTime();
  if (age <= DAY) return 'day';
  if (age <= 7 * DAY) return 'week';
  if (age <= 31 * DAY) return 'month';
  if (age <= 366 * DAY) return 'year';
  return undefined;
}

const CATEGORY_OPERATOR: Partial<Record<Category, string>> = { github: 'site:github.com', pdf: 'filetype:pdf' };

/** Engines behind SearXNG understand site:/filetype:, which narrows what comes back before our own filter. */
function narrowedQuery(params: SearchParams): string {
  const extra: string[] = [];
  if (params.categories.length === 1) {
    const op = CATEGORY_OPERATOR[params.categories[0]!];
    if (op) extra.push(op);
  }
  if (params.includeDomains.length === 1) extra.push(`site:${params.includeDomains[0]}`);
  return [params.query, ...extra].join(' ');
}

function dimensions(resolution: string | null | undefined): Pick<ImageHit, 'imageWidth' | 'imageHeight'> {
  const m = /^\s*(\d+)\s*[x×]\s*(\d+)\s*$/i.exec(resolution ?? '');
  return m ? { imageWidth: Number(m[1]), imageHeight: Number(m[2]) } : {};
}

const str = (v: string | null | undefined) => (v ? v : undefined);

/**
 * A SearXNG instance (its JSON API must be enabled: `search.formats: [html, json]`
 * in settings.yml). The operator names it in TRAWL_SEARXNG_URL; Trawl calls
 * nothing but that URL. `location` has no SearXNG counterpart and is not sent.
 */
export function createSearxngProvider(baseUrl: string, egress: Egress): SearchProvider {
  const endpoint = `${baseUrl.replace(/\/+$/, '')}/search`;

  async function page(query: string, source: SearchSource, opts: SourceOptions, pageno: number, params: SearchParams): Promise<SearxResult[]> {
    const url = new URL(endpoint);
    url.searchParams.set('q', query);
    url.searchParams.set('format', 'json');
    url.searchParams.set('categories', SEARX_CATEGORY[source]);
    url.searchParams.set('pageno', String(pageno));
    const range = timeRange(opts.tbs);
    if (range) url.searchParams.set('time_range', range);
    if (opts.lang) url.searchParams.set('language', opts.country ? `${opts.lang}-${opts.country.toUpperCase()}` : opts.lang);
    if (params.safe !== undefined) url.searchParams.set('safesearch', params.safe ? '2' : '0');
    // A redirect could lead anywhere; the configured instance answers directly or not at all.
    const res = await egress.fetch(url, { headers: { accept: 'application/json' }, redirect: 'manual', signal: params.signal });
    if (res.status !== 200) throw new Error(`SearXNG answered HTTP ${res.status}${res.status === 403 ? ' (is its JSON format enabled?)' : ''}`);
    const body = JSON.parse(res.body.toString('utf8')) as { results?: SearxResult[] };
    return Array.isArray(body.results) ? body.results : [];
  }

  /** Pages through until `limit` results pass the filters, SearXNG runs dry, or MAX_PAGES. */
  async function collect(source: SearchSource, opts: SourceOptions, params: SearchParams, keep: (r: SearxResult) => boolean) {
    const query = narrowedQuery(params);
    const out: SearxResult[] = [];
    const seen = new Set<string>();
    for (let pageno = 1; pageno <= MAX_PAGES && out.length < params.limit; pageno++) {
      const results = await page(query, source, opts, pageno, params);
      const fresh = results.filter((r) => {
        const key = source === 'images' ? (r.img_src ?? '') : (r.url ?? '');
        if (!key || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      if (!fresh.length) break;
      out.push(...fresh.filter(keep));
    }
    return out.slice(0, params.limit);
  }

  const allowed = (params: SearchParams) => (r: SearxResult) =>
    !!r.url && domainAllowed(r.url, params.includeDomains, params.excludeDomains);

  return {
    name: 'searxng',
    async search(params) {
      const { web, news, images } = params.sources;
      const [w, n, i] = await Promise.all([
        web &&
          collect('web', web, params, (r) => allowed(params)(r) && (!params.categories.length || !!categoryOf(r.url!, params.categories))),
        news && collect('news', news, params, allowed(params)),
        images && collect('images', images, params, (r) => !!r.img_src && (!r.url || allowed(params)(r))),
      ]);
      const hits: SearchHits = {};
      if (w) {
        hits.web = w.map((r): WebHit => {
          const category = categoryOf(r.url!, params.categories);
          return { url: r.url!, ...(str(r.title) && { title: r.title! }), ...(str(r.content) && { description: r.content! }), ...(category && { category }) };
        });
      }
      if (n) {
        hits.news = n.map(
          (r): NewsHit => ({
            url: r.url!,
            ...(str(r.title) && { title: r.title! }),
            ...(str(r.content) && { snippet: r.content! }),
            ...(str(r.publishedDate) && { date: r.publishedDate! }),
            ...(str(r.thumbnail) && { imageUrl: r.thumbnail! }),
          }),
        );
      }
      if (i) {
        hits.images = i.map(
          (r): ImageHit => ({
            imageUrl: r.img_src!,
            ...(str(r.url) && { url: r.url! }),
            ...(str(r.title) && { title: r.title! }),
            ...dimensions(r.resolution),
          }),
        );
      }
      return hits;
    },
  };
}
