import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { startSite, type Site } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { crawl, page, waitForCrawl } from './helpers.js';

const urlset = (urls: string[]) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((u) => `<url><loc>${u}</loc></url>`).join('')}</urlset>`;

describe('crawl options against fixture sites', () => {
  let s: TestServer;
  const sites: Site[] = [];
  const site = async (routes: Parameters<typeof startSite>[0], opts?: Parameters<typeof startSite>[1]) => {
    const x = await startSite(routes, opts);
    sites.push(x);
    return x;
  };

  before(async () => {
    s = await startTestServer();
  });
  after(async () => {
    await s.close();
    for (const x of sites) await x.close();
  });

  test('follows links once each: fragments, trailing slashes and index files are the same page; links are not returned unless asked', async () => {
    const x = await site({
      '/': page('Home', ['/a', '/a#part', '/a/', '/b', '/index.html', 'mailto:me@example.com', 'javascript:void(0)', '/style.css']),
      '/a': page('A', ['/', '/b', '/c']),
      '/b': page('B'),
      '/c': page('C', ['/a']),
      '/index.html': page('Index'),
    });
    const { done, paths, started } = await crawl(s, { url: x.url('/'), sitemap: 'skip', crawlEntireDomain: true });
    assert.equal(started.url, `${s.url}/v2/crawl/${started.id}`);
    assert.equal(done.status, 'completed');
    assert.deepEqual(paths, ['/', '/a', '/b', '/c']);
    assert.equal(done.total, 4);
    assert.equal(done.completed, 4);
    assert.equal(done.creditsUsed, 4);
    for (const d of done.data) {
      assert.equal('links' in d, false, 'links were only asked for internally');
      assert.match(d.markdown, /^# /m);
    }
    assert.equal(x.requests.filter((r) => r.path === '/a').length, 1);
    assert.equal(x.requests.some((r) => r.path.startsWith('/style.css')), false);
  });

  test('links are kept when the caller asks for them', async () => {
    const x = await site({ '/': page('Home', ['/a']), '/a': page('A') });
    const { done } = await crawl(s, { url: x.url('/'), sitemap: 'skip', scrapeOptions: { formats: ['links'] } });
    assert.equal(done.data.length, 2);
    const home = done.data.find((d: any) => new URL(d.metadata.url).pathname === '/');
    assert.deepEqual(home.links, [x.url('/a')]);
    assert.equal('markdown' in home, false);
  });

  test('includePaths / excludePaths on the path, exclusion winning; regexOnFullURL matches the query too', async () => {
    const x = await site({
      '/blog': page('Blog', ['/blog/post-1', '/blog/draft-1', '/about', '/blog/post-2?lang=en']),
      '/blog/post-1': page('P1', ['/blog/post-2?lang=de']),
      '/blog/post-2': page('P2'),
      '/blog/draft-1': page('D1'),
      '/about': page('About'),
    });
    const paths = (
      await crawl(s, { url: x.url('/blog'), sitemap: 'skip', includePaths: ['^/blog'], excludePaths: ['draft'] })
    ).paths;
    assert.deepEqual(paths, ['/blog', '/blog/post-1', '/blog/post-2?lang=de', '/blog/post-2?lang=en']);

    const full = await crawl(s, {
      url: x.url('/blog'),
      sitemap: 'skip',
      includePaths: ['/blog(/post-1)?$', 'lang=en'],
      regexOnFullURL: true,
    });
    assert.deepEqual(full.paths, ['/blog', '/blog/post-1', '/blog/post-2?lang=en']);
    // Without regexOnFullURL the query is not looked at: nothing matches `lang=en` then.
    const onPath = await crawl(s, { url: x.url('/blog'), sitemap: 'skip', includePaths: ['/blog(/post-1)?$', 'lang=en'] });
    assert.deepEqual(onPath.paths, ['/blog', '/blog/post-1']);
  });

  test('the start URL is held to the patterns too: excluded, the crawl returns nothing', async () => {
    const x = await site({ '/': page('Home', ['/blog/x']), '/blog/x': page('X') });
    const { done } = await crawl(s, { url: x.url('/'), sitemap: 'skip', includePaths: ['^/blog'] });
    assert.equal(done.status, 'completed');
    assert.deepEqual(done.data, []);
    assert.equal(x.requests.some((r) => r.path === '/'), false);
  });

  test('maxDiscoveryDepth bounds the link hops from the start URL', async () => {
    const x = await site({ '/': page('0', ['/1']), '/1': page('1', ['/2']), '/2': page('2', ['/3']), '/3': page('3') });
    assert.deepEqual((await crawl(s, { url: x.url('/'), sitemap: 'skip', maxDiscoveryDepth: 2 })).paths, ['/', '/1', '/2']);
    assert.deepEqual((await crawl(s, { url: x.url('/'), sitemap: 'skip', maxDiscoveryDepth: 0 })).paths, ['/']);
    assert.deepEqual((await crawl(s, { url: x.url('/'), sitemap: 'skip' })).paths, ['/', '/1', '/2', '/3']);
  });

  test('limit caps the pages scraped and total', async () => {
    const hrefs = Array.from({ length: 10 }, (_, i) => `/p/${i}`);
    const x = await site({ '/': page('Home', hrefs), ...Object.fromEntries(hrefs.map((h) => [h, page(h, hrefs)])) });
    const { done } = await crawl(s, { url: x.url('/'), sitemap: 'skip', limit: 4 });
    assert.equal(done.total, 4);
    assert.equal(done.completed, 4);
    assert.equal(done.data.length, 4);
    assert.equal(x.requests.filter((r) => r.path.startsWith('/p/')).length, 3);
  });

  test('crawlEntireDomain false follows children of the start path only; true follows any internal link', async () => {
    const x = await site({
      '/features/a': page('A', ['/features/a/b', '/features/ab', '/', '/other']),
      '/features/a/b': page('AB'),
      '/features/ab': page('Sibling'),
      '/': page('Root'),
      '/other': page('Other'),
    });
    assert.deepEqual((await crawl(s, { url: x.url('/features/a'), sitemap: 'skip' })).paths, ['/features/a', '/features/a/b']);
    assert.deepEqual(
      (await crawl(s, { url: x.url('/features/a'), sitemap: 'skip', crawlEntireDomain: true })).paths,
      ['/', '/features/a', '/features/a/b', '/features/ab', '/other'],
    );
  });

  test('allowExternalLinks: other sites one hop deep; their bare homepages are EXTERNAL_LINK errors', async () => {
    const other = await site({ '/': page('Other home'), '/ext': page('Ext', ['/ext2']), '/ext2': page('Ext2') }, { host: '127.0.0.2' });
    const x = await site({ '/': page('Home', ['/in', other.url('/ext'), other.url('/')]), '/in': page('In') });

    const without = await crawl(s, { url: x.url('/'), sitemap: 'skip' });
    assert.deepEqual(without.paths, ['/', '/in']);
    assert.equal(other.requests.length, 0);

    const withExt = await crawl(s, { url: x.url('/'), sitemap: 'skip', allowExternalLinks: true });
    assert.deepEqual(withExt.paths, ['/', '/ext', '/in']);
    assert.equal(other.requests.some((r) => r.path === '/ext2'), false, 'links on external pages are not followed');
    assert.equal(other.requests.some((r) => r.path === '/'), false);
    const errors = (await s.api('GET', `/v2/crawl/${withExt.id}/errors`)).body;
    assert.equal(errors.errors.length, 1);
    assert.equal(errors.errors[0].code, 'EXTERNAL_LINK');
    assert.equal(errors.errors[0].url, other.url('/'));
    assert.equal(typeof errors.errors[0].id, 'string');
  });

  describe('sitemaps: an index with a plain and a gzipped sitemap, found through robots.txt', () => {
    let x: Site;
    before(async () => {
      x = await site({ '/': page('Home', ['/linked']), '/linked': page('Linked'), '/s1': page('S1', ['/s1-child']), '/s1-child': page('S1 child'), '/s2': page('S2'), '/s3': page('S3') });
      x.set('/robots.txt', { text: `User-agent: *\nAllow: /\nSitemap: ${x.url('/sitemaps/index.xml')}\n` });
      x.set('/sitemaps/index.xml', {
        body: `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${x.url('/sitemaps/a.xml')}</loc></sitemap><sitemap><loc>${x.url('/sitemaps/b.xml.gz')}</loc></sitemap></sitemapindex>`,
        type: 'application/xml',
      });
      x.set('/sitemaps/a.xml', { body: urlset([x.url('/s1'), x.url('/s2'), 'https://elsewhere.example/x']), type: 'application/xml' });
      x.set('/sitemaps/b.xml.gz', { body: gzipSync(urlset([x.url('/s3')])), type: 'application/gzip' });
    });

    test('include: sitemap URLs and links', async () => {
      const { paths } = await crawl(s, { url: x.url('/'), crawlEntireDomain: true });
      assert.deepEqual(paths, ['/', '/linked', '/s1', '/s1-child', '/s2', '/s3']);
    });
    test('skip: links only', async () => {
      assert.deepEqual((await crawl(s, { url: x.url('/'), sitemap: 'skip', crawlEntireDomain: true })).paths, ['/', '/linked']);
    });
    test('only: sitemap URLs and the start URL, no link discovery', async () => {
      assert.deepEqual((await crawl(s, { url: x.url('/'), sitemap: 'only', crawlEntireDomain: true })).paths, ['/', '/s1', '/s2', '/s3']);
    });
    test('sitemap URLs are depth 0 and go through the same rules', async () => {
      const { paths } = await crawl(s, { url: x.url('/'), crawlEntireDomain: true, maxDiscoveryDepth: 0, excludePaths: ['s2'] });
      assert.deepEqual(paths, ['/', '/s1', '/s3']);
    });
  });

  test('robots.txt disallow: blocked URLs are not fetched and are listed in robotsBlocked; ignoreRobotsTxt fetches them', async () => {
    const x = await site({
      '/robots.txt': { text: 'User-agent: *\nDisallow: /private\n' },
      '/': page('Home', ['/private/x', '/public']),
      '/private/x': page('Private'),
      '/public': page('Public'),
    });
    const blocked = await crawl(s, { url: x.url('/'), sitemap: 'skip' });
    assert.deepEqual(blocked.paths, ['/', '/public']);
    assert.equal(x.requests.some((r) => r.path === '/private/x'), false);
    const errors = (await s.api('GET', `/v2/crawl/${blocked.id}/errors`)).body;
    assert.deepEqual(errors, { success: true, errors: [], robotsBlocked: [x.url('/private/x')] });

    const ignored = await crawl(s, { url: x.url('/'), sitemap: 'skip', ignoreRobotsTxt: true });
    assert.deepEqual(ignored.paths, ['/', '/private/x', '/public']);
  });

  test('robotsUserAgent picks the robots.txt group the crawl obeys', async () => {
    const x = await site({
      '/robots.txt': { text: 'User-agent: PickyBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n' },
      '/': page('Home', ['/a']),
      '/a': page('A'),
    });
    assert.deepEqual((await crawl(s, { url: x.url('/'), sitemap: 'skip' })).paths, ['/', '/a']);
    const picky = await crawl(s, { url: x.url('/'), sitemap: 'skip', robotsUserAgent: 'PickyBot/1.0' });
    assert.deepEqual(picky.paths, []);
    assert.deepEqual((await s.api('GET', `/v2/crawl/${picky.id}/errors`)).body.robotsBlocked, [x.url('/')]);
  });

  /** A site whose pages log when each request arrived. */
  const timedSite = async (robots: string) => {
    const starts: number[] = [];
    const timed = (title: string, hrefs: string[]) => (_req: IncomingMessage, res: ServerResponse) => {
      starts.push(Date.now());
      res.writeHead(200, { 'content-type': 'text/html' }).end(page(title, hrefs).html);
    };
    const x = await site({
      '/robots.txt': { text: robots },
      '/': timed('Home', ['/1', '/2', '/3']),
      '/1': timed('1', []),
      '/2': timed('2', []),
      '/3': timed('3', []),
    });
    return { x, starts };
  };
  const gaps = (starts: number[]) => starts.slice(1).map((t, i) => t - starts[i]!);
  /**
   * Runs the crawl and checks that the site saw its page requests at least `delayMs`
   * apart, give or take 200 ms and the longest stall of this process's event loop
   * meanwhile: the crawler spaces the moments it sends, the site (in this process
   * too) sees them later by however long the loop was held up, and a late request
   * shortens the gap after it by as much (at load 23, 650 ms off a 1 s gap).
   * Bunched requests, what this guards against, arrive a few milliseconds apart.
   */
  const assertPaced = async (starts: number[], delayMs: number, run: () => Promise<unknown>) => {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    try {
      await run();
    } finally {
      loop.disable();
    }
    const slackMs = 200 + loop.max / 1e6;
    assert.equal(starts.length, 4);
    for (const gap of gaps(starts)) assert.ok(gap >= delayMs - slackMs, `gaps ${gaps(starts)} for a delay of ${delayMs} ms (event loop held up to ${Math.round(slackMs - 200)} ms)`);
  };

  test("robots.txt Crawl-delay is honoured: page requests start at least that far apart", async () => {
    const { x, starts } = await timedSite('User-agent: *\nCrawl-delay: 1\n');
    await assertPaced(starts, 1000, async () => assert.equal((await crawl(s, { url: x.url('/'), sitemap: 'skip' })).paths.length, 4));
  });

  test('delay (seconds) paces the crawl and wins over Crawl-delay', async () => {
    const { x, starts } = await timedSite('User-agent: *\nCrawl-delay: 5\n');
    const t = Date.now();
    await assertPaced(starts, 1000, () => crawl(s, { url: x.url('/'), sitemap: 'skip', delay: 1 }));
    // The 5 s Crawl-delay would take 15 s over the three gaps.
    assert.ok(Date.now() - t < 10_000, 'the 5 s Crawl-delay did not apply');
  });

  test('without a delay, a single-host crawl keeps at most the per-host allowance in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const slow = async (_req: IncomingMessage, res: ServerResponse) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await sleep(60);
      inFlight--;
      res.writeHead(200, { 'content-type': 'text/html' }).end(page('slow').html);
    };
    const hrefs = Array.from({ length: 30 }, (_, i) => `/s/${i}`);
    const x = await site({ '/': page('Home', hrefs), ...Object.fromEntries(hrefs.map((h) => [h, slow])) });
    const { done } = await crawl(s, { url: x.url('/'), sitemap: 'skip', maxConcurrency: 50 });
    assert.equal(done.completed, 31);
    assert.ok(peak > 1 && peak <= 8, `peak ${peak} requests in flight (allowance 8)`);
  });

  test('ignoreQueryParameters and deduplicateSimilarURLs', async () => {
    const x = await site({
      '/': page('Home', ['/p?x=1', '/p?x=2', '/q', '/q/']),
      '/p': page('P'),
      '/q': page('Q'),
      '/q/': page('Q slash'),
    });
    assert.deepEqual((await crawl(s, { url: x.url('/'), sitemap: 'skip' })).paths, ['/', '/p?x=1', '/p?x=2', '/q']);
    assert.deepEqual((await crawl(s, { url: x.url('/'), sitemap: 'skip', ignoreQueryParameters: true })).paths, ['/', '/p?x=1', '/q']);
    assert.deepEqual(
      (await crawl(s, { url: x.url('/'), sitemap: 'skip', deduplicateSimilarURLs: false })).paths,
      ['/', '/p?x=1', '/p?x=2', '/q', '/q/'],
    );
  });

  test('cancel drops the queued pages; active lists running crawls with their options; errors and status are the team\'s own', async () => {
    const slow = async (_req: IncomingMessage, res: ServerResponse) => {
      await sleep(150);
      res.writeHead(200, { 'content-type': 'text/html' }).end(page('slow').html);
    };
    const hrefs = Array.from({ length: 40 }, (_, i) => `/s/${i}`);
    const x = await site({ '/': page('Home', hrefs), ...Object.fromEntries(hrefs.map((h) => [h, slow])) });
    const started = await s.api('POST', '/v2/crawl', { url: x.url('/'), sitemap: 'skip', limit: 30, scrapeOptions: { formats: ['markdown'] } });
    const id = started.body.id;

    let active = (await s.api('GET', '/v2/crawl/active')).body;
    const mine = active.crawls.find((c: any) => c.id === id);
    assert.ok(mine, JSON.stringify(active));
    assert.equal(mine.url, x.url('/'));
    assert.equal(typeof mine.teamId, 'string');
    assert.equal(typeof mine.created_at, 'string');
    assert.equal(mine.options.limit, 30);
    assert.equal(mine.options.sitemap, 'skip');
    assert.deepEqual(mine.options.scrapeOptions.formats, [{ type: 'markdown' }]);
    assert.deepEqual((await s.api('GET', '/v2/crawl/ongoing')).body.crawls.map((c: any) => c.id), active.crawls.map((c: any) => c.id));

    while ((await s.api('GET', `/v2/crawl/${id}`)).body.completed < 3) await sleep(20);
    assert.deepEqual((await s.api('DELETE', `/v2/crawl/${id}`)).body, { success: true, status: 'cancelled' });
    const fetchedAtCancel = x.requests.length;
    await sleep(400);
    const after = (await s.api('GET', `/v2/crawl/${id}`)).body;
    assert.equal(after.status, 'cancelled');
    assert.ok(after.completed < 30);
    assert.ok(x.requests.length <= fetchedAtCancel + 8, 'at most the pages in flight finished');
    assert.deepEqual((await s.api('DELETE', `/v2/crawl/${id}`)).body, { success: true, status: 'cancelled' });
    active = (await s.api('GET', '/v2/crawl/active')).body;
    assert.equal(active.crawls.some((c: any) => c.id === id), false);
  });

  test('an unreachable start URL with nothing else to crawl fails the crawl, its error listed once', async () => {
    const closed = await startSite();
    const url = closed.url('/');
    await closed.close();
    const { done, id } = await crawl(s, { url, sitemap: 'skip' }, 30_000);
    assert.equal(done.status, 'failed');
    assert.deepEqual(done.data, []);
    const errors = (await s.api('GET', `/v2/crawl/${id}/errors`)).body;
    assert.equal(errors.errors.length, 1, JSON.stringify(errors));
    assert.equal(errors.errors[0].url, url);
  });

  test('a batch id is not a crawl', async () => {
    const x = await site({ '/': page('Home') });
    const b = await s.api('POST', '/v2/batch/scrape', { urls: [x.url('/')] });
    assert.equal((await s.api('GET', `/v2/crawl/${b.body.id}`)).status, 404);
  });

  test('prompt: derived options apply, explicit fields win, the response shows both', async () => {
    const x = await site({ '/': page('Home', ['/docs/a', '/blog/b']), '/docs/a': page('A'), '/blog/b': page('B') });
    const started = await s.api('POST', '/v2/crawl', {
      url: x.url('/'),
      prompt: 'Only crawl the docs section, at most 5 pages',
      limit: 2,
      sitemap: 'skip',
      crawlEntireDomain: true,
    });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    assert.ok(started.body.promptGeneratedOptions, JSON.stringify(started.body));
    assert.equal(started.body.finalCrawlerOptions.limit, 2, 'explicit limit wins');
    await waitForCrawl(s, started.body.id);

    // Nothing read from the prompt: the crawl still starts, with a warning saying so (#17).
    const unread = await s.api('POST', '/v2/crawl', { url: x.url('/'), prompt: 'xyzzy', limit: 1 });
    assert.equal(unread.status, 200, JSON.stringify(unread.body));
    assert.match(unread.body.warning, /No crawler option could be derived from the prompt/);
    await waitForCrawl(s, unread.body.id);
  });
});

test('the limit is clamped to the credits the team has left (§1.10)', async () => {
  const FREE_KEY = 'fc-00000000000000000000000000000fee';
  const s = await startTestServer({ TRAWL_DEFAULT_PLAN: 'free', TRAWL_API_KEYS: `free:${FREE_KEY}` });
  const free = { authorization: `Bearer ${FREE_KEY}` };
  const slow = async (_req: IncomingMessage, res: ServerResponse) => {
    await sleep(200);
    res.writeHead(200, { 'content-type': 'text/html' }).end(page('slow', ['/x']).html);
  };
  const x = await startSite({ '/': slow, '/x': slow });
  try {
    const started = await s.api('POST', '/v2/crawl', { url: x.url('/'), sitemap: 'skip', limit: 100_000 }, free);
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const active = (await s.api('GET', '/v2/crawl/active', undefined, free)).body;
    assert.equal(active.crawls[0].options.limit, 500);
    const unlimited = await s.api('POST', '/v2/crawl', { url: x.url('/'), sitemap: 'skip', limit: 100_000 });
    const other = (await s.api('GET', '/v2/crawl/active')).body;
    assert.deepEqual(other.crawls.map((c: any) => [c.id, c.options.limit]), [[unlimited.body.id, 100_000]], "only the team's own crawls");
    assert.equal((await s.api('GET', `/v2/crawl/${started.body.id}`)).status, 404, "another team's crawl is not found");
    assert.equal((await s.api('DELETE', `/v2/crawl/${started.body.id}`)).status, 403);
    assert.equal((await s.api('GET', `/v2/crawl/${started.body.id}/errors`)).status, 403);
    await waitForCrawl(s, unlimited.body.id);
  } finally {
    await s.close();
    await x.close();
  }
});
