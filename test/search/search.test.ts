import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const OTHER_KEY = 'other-team-key';

const page = (title: string, description: string, body: string, head = '') =>
  `<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="${description}">${head}</head>
<body><main><h1>${title}</h1>${body}</main></body></html>`;

const WEBHOOKS = page(
  'Webhooks guide',
  'Receive events from Trawl',
  '<p>Webhooks deliver crawl events to your endpoint. Each webhook request is signed with a secret so you can verify it.</p>' +
    '<p>Retries back off exponentially.</p>',
  '<meta property="og:type" content="article"><meta property="article:published_time" content="2025-09-01T10:00:00Z">' +
    '<meta property="og:image" content="https://cdn.example.com/webhooks.png">',
);
const PRICING = page('Pricing', 'Plans and credits', '<p>Every plan includes credits. Webhooks are mentioned once here.</p>');
const KITCHEN = page('Kitchen sink', 'Unrelated page', '<p>Recipes for soup and bread.</p>');
const MIRROR = page('Webhooks mirror', 'A copy on another host', '<p>Webhooks on the mirror host, for the site: filter.</p>');

describe('POST /v2/search with the local index', () => {
  let site: Site;
  let mirror: Site;
  let s: TestServer;
  let fc: Firecrawl;
  let other: Firecrawl;
  const teamId = async () => (await s.trawl.store.teams.findTeamByName('default'))!.id;
  const used = async () => s.trawl.store.ledger.creditsUsed(await teamId(), new Date().toISOString().slice(0, 7));

  before(async () => {
    site = await startSite({
      '/webhooks': { html: WEBHOOKS },
      '/pricing': { html: PRICING },
      '/kitchen': { html: KITCHEN },
      // Never answers (the site closes it at the end): only the search's own deadline can end a search of it.
      '/slow': () => new Promise<void>(() => {}),
    });
    mirror = await startSite({ '/mirror': { html: MIRROR } }, { host: '127.0.0.2' });
    s = await startTestServer({ TRAWL_API_KEYS: `other:${OTHER_KEY}` });
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
    other = new Firecrawl({ apiKey: OTHER_KEY, apiUrl: s.url });
    for (const url of [site.url('/webhooks'), site.url('/pricing'), site.url('/kitchen'), mirror.url('/mirror')]) {
      await fc.scrape(url, { maxAge: 0 });
    }
  });
  after(async () => {
    await s.close();
    await site.close();
    await mirror.close();
  });

  test('pages scraped earlier are found, most relevant first, with a snippet and 1 credit per result', async () => {
    const r = await s.api('POST', '/v2/search', { query: 'webhook signed' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.success, true);
    assert.match(r.body.id, /^[0-9a-f-]{36}$/);
    assert.deepEqual(Object.keys(r.body.data), ['web']);
    const web = r.body.data.web;
    assert.equal(web[0].url, site.url('/webhooks'));
    assert.equal(web[0].title, 'Webhooks guide');
    assert.match(web[0].description, /webhook request is signed/i);
    assert.deepEqual(web.map((w: any) => w.position), web.map((_: unknown, i: number) => i + 1));
    assert.equal(r.body.creditsUsed, web.length);
    assert.ok(!web.some((w: any) => w.url === site.url('/kitchen')));
  });

  test('the JS SDK reads web, news and images groups', async () => {
    const res = await fc.search('webhooks', { sources: ['web', 'news', 'images'], limit: 5 });
    assert.deepEqual(
      res.web?.map((w: any) => w.url).sort(),
      [site.url('/pricing'), site.url('/webhooks'), mirror.url('/mirror')].sort(),
      'the three pages that mention webhooks',
    );
    // Only the page declaring itself an article counts as news.
    assert.equal(res.news?.length, 1);
    const news = res.news![0] as any;
    assert.equal(news.url, site.url('/webhooks'));
    assert.equal(news.date, '2025-09-01T10:00:00Z');
    assert.equal(news.imageUrl, 'https://cdn.example.com/webhooks.png');
    assert.deepEqual(
      res.images?.map((i: any) => [i.imageUrl, i.url, i.position]),
      [['https://cdn.example.com/webhooks.png', site.url('/webhooks'), 1]],
    );
  });

  test('a page fetched again without markdown keeps its indexed text', async () => {
    const findKitchen = async () => (await fc.search('soup bread', { limit: 5 })).web?.map((w: any) => w.url) ?? [];
    assert.ok((await findKitchen()).includes(site.url('/kitchen')));
    await fc.scrape(site.url('/kitchen'), { formats: ['html'], maxAge: 0 });
    // The index insert runs just after the scrape answers; a search shortly after must still find the text.
    await new Promise((r) => setTimeout(r, 100));
    assert.ok((await findKitchen()).includes(site.url('/kitchen')), 'still found by the words of its body');
  });

  test('another team does not see these pages', async () => {
    const res = await other.search('webhooks', { sources: ['web', 'news'] });
    assert.deepEqual(res.web, []);
    assert.deepEqual(res.news, []);
  });

  test('site:, includeDomains and excludeDomains filter by host', async () => {
    const onMirror = await fc.search('webhooks site:127.0.0.2');
    assert.deepEqual(onMirror.web?.map((w: any) => w.url), [mirror.url('/mirror')]);
    const included = await fc.search('webhooks', { includeDomains: ['127.0.0.2'] });
    assert.deepEqual(included.web?.map((w: any) => w.url), [mirror.url('/mirror')]);
    const excluded = await fc.search('webhooks', { excludeDomains: ['127.0.0.2'] });
    assert.ok(excluded.web?.length && !excluded.web.some((w: any) => w.url === mirror.url('/mirror')));
  });

  test('tbs filters on when the page was fetched', async () => {
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await s.trawl.search.index.upsert({
      teamId: await teamId(),
      url: 'https://old.example.com/webhooks-archive',
      title: 'Old webhooks archive',
      description: '',
      markdown: 'webhooks from long ago',
      contentType: 'text/html',
      publishedAt: null,
      isArticle: false,
      images: [],
      fetchedAt: twoDaysAgo.toISOString(),
    });
    const urls = async (tbs: string) => (await fc.search('webhooks', { tbs, limit: 20 })).web!.map((w: any) => w.url);
    assert.ok(!(await urls('qdr:d')).includes('https://old.example.com/webhooks-archive'));
    assert.ok((await urls('qdr:w')).includes('https://old.example.com/webhooks-archive'));
    assert.ok((await urls('qdr:h')).includes(site.url('/webhooks')));
    const fmt = (d: Date) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
    assert.deepEqual(await urls(`cdr:1,cd_min:${fmt(twoDaysAgo)},cd_max:${fmt(twoDaysAgo)}`), ['https://old.example.com/webhooks-archive']);
  });

  test('with scrapeOptions each hit is scraped: Document fields flat in the item; a failed scrape keeps the SERP fields', async () => {
    await s.trawl.search.index.upsert({
      teamId: await teamId(), url: 'http://127.0.0.1:1/gone', title: 'Gone pricing page', description: 'pricing', markdown: 'pricing credits',
      contentType: 'text/html', publishedAt: null, isArticle: false, images: [], fetchedAt: new Date().toISOString(),
    });
    const res = await fc.search('pricing credits', { scrapeOptions: { formats: ['markdown'], maxAge: 0 }, limit: 5 });
    const web = res.web as any[];
    const ok = web.find((w) => w.url === site.url('/pricing'));
    assert.match(ok.markdown, /^# Pricing/m);
    assert.equal(ok.metadata.statusCode, 200);
    assert.equal(ok.metadata.creditsUsed, 1);
    assert.equal(ok.title, 'Pricing');
    const gone = web.find((w) => w.url === 'http://127.0.0.1:1/gone');
    assert.equal(gone.title, 'Gone pricing page');
    assert.equal(typeof gone.metadata.error, 'string');
    assert.equal(gone.markdown, undefined);
    assert.match(res.warning!, /1 of 2 results could not be scraped/);
  });

  test('credits: with scraping only the scraped pages are charged, once', async () => {
    const before = await used();
    const r = await s.api('POST', '/v2/search', { query: 'kitchen soup', scrapeOptions: { formats: ['markdown'], maxAge: 0 } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.web.length, 1);
    assert.equal(r.body.creditsUsed, 1);
    assert.equal((await used()) - before, 1);
    const plain = await s.api('POST', '/v2/search', { query: 'kitchen soup' });
    assert.equal(plain.body.creditsUsed, 1);
    assert.equal((await used()) - before, 2);
  });

  // The page never answers and its scrape would give up only after its own 60 s, so a
  // search that waited for its scrapes overruns this test's 30 s; the margin over the
  // 1.5 s budget is for a loaded machine (the answer took up to 11 s at load 14).
  test('a search that outlives its timeout answers 408 SCRAPE_TIMEOUT within the budget', { timeout: 30_000 }, async () => {
    await s.trawl.search.index.upsert({
      teamId: await teamId(), url: site.url('/slow'), title: 'Slow', description: '', markdown: 'slowly', contentType: 'text/html',
      publishedAt: null, isArticle: false, images: [], fetchedAt: new Date().toISOString(),
    });
    const r = await s.api('POST', '/v2/search', { query: 'slowly', timeout: 1500, scrapeOptions: { maxAge: 0, timeout: 60_000 } });
    assert.equal(r.status, 408, JSON.stringify(r.body));
    assert.equal(r.body.code, 'SCRAPE_TIMEOUT');
    assert.ok(site.requests.some((q) => q.path === '/slow'), 'the page was being scraped when the budget ran out');
  });

  test('ignoreInvalidURLs drops results scrape would refuse', async () => {
    await s.trawl.search.index.upsert({
      teamId: await teamId(), url: 'ftp://files.example.com/zebra', title: 'Zebra', description: '', markdown: 'zebra',
      contentType: null, publishedAt: null, isArticle: false, images: [], fetchedAt: new Date().toISOString(),
    });
    assert.equal((await s.api('POST', '/v2/search', { query: 'zebra' })).body.data.web.length, 1);
    assert.equal((await s.api('POST', '/v2/search', { query: 'zebra', ignoreInvalidURLs: true })).body.data.web.length, 0);
  });
});

describe('POST /v2/search through SearXNG', () => {
  let site: Site;
  let searx: Site;
  let s: TestServer;
  let fc: Firecrawl;
  const asked = () => searx.requests.map((r) => Object.fromEntries(new URL(r.path, 'http://x').searchParams));

  before(async () => {
    site = await startSite({ '/webhooks': { html: WEBHOOKS }, '/pricing': { html: PRICING }, '/local-only': { html: MIRROR } });
    const general = [
      { url: site.url('/webhooks'), title: 'Webhooks guide (SERP)', content: 'Webhooks deliver crawl events', engine: 'duckduckgo' },
      { url: site.url('/pricing'), title: 'Pricing', content: 'Plans and credits', engine: 'duckduckgo' },
      { url: 'https://github.com/trawl/trawl', title: 'trawl on GitHub', content: 'Source code', engine: 'github' },
    ];
    const byCategory: Record<string, unknown[]> = {
      general,
      news: [{ url: site.url('/webhooks'), title: 'Webhooks shipped', content: 'News snippet', publishedDate: '2025-09-01T10:00:00', thumbnail: 'https://cdn.example.com/t.jpg' }],
      images: [
        { url: site.url('/webhooks'), title: 'Diagram', img_src: 'https://cdn.example.com/full.png', resolution: '1200x800', thumbnail_src: 'https://cdn.example.com/s.png' },
        { url: site.url('/pricing'), title: 'Chart', img_src: 'https://cdn.example.com/chart.png' },
      ],
    };
    searx = await startSite({
      '/search': (req, res) => {
        const q = new URL(req.url!, 'http://x').searchParams;
        if (q.get('q')?.includes('broken')) return res.writeHead(500).end();
        const results = q.get('pageno') === '1' ? (byCategory[q.get('categories') ?? 'general'] ?? []) : [];
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ query: q.get('q'), results }));
      },
    });
    s = await startTestServer({ TRAWL_SEARXNG_URL: searx.origin });
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await site.close();
    await searx.close();
  });

  test('web, news and images map to §5.2 shapes, read by the JS SDK; the query parameters follow the request', async () => {
    const res = await fc.search('webhooks', { sources: ['web', 'news', 'images'], tbs: 'qdr:w', limit: 5 });
    assert.deepEqual(res.web?.[0], { url: site.url('/webhooks'), title: 'Webhooks guide (SERP)', description: 'Webhooks deliver crawl events', position: 1 });
    assert.equal(res.web?.length, 3);
    assert.deepEqual(res.news, [
      { url: site.url('/webhooks'), title: 'Webhooks shipped', snippet: 'News snippet', date: '2025-09-01T10:00:00', imageUrl: 'https://cdn.example.com/t.jpg', position: 1 },
    ]);
    assert.deepEqual(res.images, [
      { imageUrl: 'https://cdn.example.com/full.png', url: site.url('/webhooks'), title: 'Diagram', imageWidth: 1200, imageHeight: 800, position: 1 },
      { imageUrl: 'https://cdn.example.com/chart.png', url: site.url('/pricing'), title: 'Chart', position: 2 },
    ]);
    const web = asked().find((p) => p.categories === 'general')!;
    assert.deepEqual(web, { q: 'webhooks', format: 'json', categories: 'general', pageno: '1', time_range: 'week', language: 'en-US' });
    // images inherit neither tbs nor language (§5.1).
    assert.deepEqual(asked().find((p) => p.categories === 'images'), { q: 'webhooks', format: 'json', categories: 'images', pageno: '1' });
    // Fewer results than the limit: the next page was asked for, and was empty.
    assert.ok(asked().some((p) => p.categories === 'general' && p.pageno === '2'));
  });

  test('a per-source tbs wins; categories narrow the query and label the results; limit is per source', async () => {
    searx.requests.length = 0;
    const res = await fc.search('trawl', { sources: [{ type: 'web', tbs: 'qdr:y' } as { type: 'web' }], tbs: 'qdr:d', categories: ['github'], limit: 1 });
    assert.deepEqual(res.web, [{ url: 'https://github.com/trawl/trawl', title: 'trawl on GitHub', description: 'Source code', category: 'github', position: 1 }]);
    assert.equal(asked()[0]!.q, 'trawl site:github.com');
    assert.equal(asked()[0]!.time_range, 'year');
  });

  test('scrapeOptions scrapes each web and news hit, preferring the page title over the SERP one', async () => {
    const res = await fc.search('webhooks', { sources: ['web', 'news'], includeDomains: ['127.0.0.1'], scrapeOptions: { formats: ['markdown'] } });
    const web = res.web as any[];
    assert.equal(web.length, 2, 'the github.com result is outside includeDomains, so nothing is fetched from it');
    assert.equal(web[0].title, 'Webhooks guide');
    assert.match(web[0].markdown, /signed with a secret/);
    assert.equal(web[0].metadata.sourceURL, site.url('/webhooks'));
    const news = (res.news as any[])[0];
    assert.equal(news.date, '2025-09-01T10:00:00');
    assert.match(news.markdown, /Webhooks guide/);
  });

  test('searxng,local: results merged in that order, duplicates dropped; a failing provider only costs a warning', async () => {
    const both = await startTestServer({ TRAWL_SEARXNG_URL: searx.origin, TRAWL_SEARCH_PROVIDERS: 'searxng,local' });
    try {
      const bothFc = new Firecrawl({ apiKey: both.key, apiUrl: both.url });
      await bothFc.scrape(site.url('/webhooks'));
      await bothFc.scrape(site.url('/local-only'));
      const res = await bothFc.search('webhooks', { limit: 10 });
      assert.deepEqual(
        res.web?.map((w: any) => [w.url, w.position]),
        [[site.url('/webhooks'), 1], [site.url('/pricing'), 2], ['https://github.com/trawl/trawl', 3], [site.url('/local-only'), 4]],
      );
      const broken = await both.api('POST', '/v2/search', { query: 'broken webhooks' });
      assert.equal(broken.status, 200);
      assert.match(broken.body.warning, /The searxng search provider failed: SearXNG answered HTTP 500/);
      const alone = await s.api('POST', '/v2/search', { query: 'broken' });
      assert.equal(alone.status, 500);
      assert.equal(alone.body.code, 'SEARCH_PROVIDER_ERROR');
    } finally {
      await both.close();
    }
  });
});
