import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readCrawlPrompt, type PromptCrawlOptions } from '../../../src/crawl/prompt/index.js';

const ROOT = 'https://example.com';
const DOCS = 'https://example.com/docs';

const sec = (name: string) => `^/${name}(/|$).*`;

/** [start URL, prompt, options read, words the warning must name (none: no warning)]. */
const cases: Array<[string, string, PromptCrawlOptions, string[]?]> = [
  // Sections to include.
  [ROOT, 'only the blog', { includePaths: [sec('blog')] }],
  [ROOT, 'just /docs and /api', { includePaths: [sec('docs'), sec('api')] }],
  [ROOT, 'pages under /products', { includePaths: [sec('products')] }],
  [ROOT, 'Scrape only the Blog and the News sections', { includePaths: [sec('blog'), sec('news')] }],
  [ROOT, 'I want all blog posts', { includePaths: [sec('blog')] }],
  [ROOT, 'only /en/ and /de/', { includePaths: [sec('en'), sec('de')] }],
  [ROOT, 'only /Docs/*', { includePaths: ['^/Docs(/|$).*'] }],
  [ROOT, 'blog only', { includePaths: [sec('blog')] }],
  [ROOT, 'pdf files only', { includePaths: ['\\.pdf$'] }],
  [ROOT, 'only urls containing "pricing"', { includePaths: ['pricing'] }],
  [ROOT, 'Get me everything under /docs/ except the changelog', { includePaths: [sec('docs')], excludePaths: [sec('changelog')] }],
  // A section outside the start path can only be reached by leaving it.
  [DOCS, 'only the blog', { includePaths: [sec('blog')], crawlEntireDomain: true }],
  [DOCS, 'just /docs/api', { includePaths: ['^/docs/api(/|$).*'] }],
  [DOCS, 'only this section', { includePaths: [sec('docs')], crawlEntireDomain: false }],
  // Sections to avoid.
  [ROOT, 'skip the changelog', { excludePaths: [sec('changelog')] }],
  [ROOT, 'exclude /admin and /login', { excludePaths: [sec('admin'), sec('login')] }],
  [ROOT, 'no careers pages', { excludePaths: [sec('careers')] }],
  [ROOT, "don't crawl the forum or the wiki", { excludePaths: [sec('forum'), sec('wiki')] }],
  [ROOT, 'skip urls containing "tag"', { excludePaths: ['tag'] }],
  // Depth.
  [ROOT, '2 levels deep', { maxDiscoveryDepth: 2 }],
  [ROOT, 'depth of 3', { maxDiscoveryDepth: 3 }],
  [ROOT, 'max depth: 4', { maxDiscoveryDepth: 4 }],
  [ROOT, 'no deeper than two levels', { maxDiscoveryDepth: 2 }],
  [ROOT, '3 clicks away from the homepage at most', { maxDiscoveryDepth: 3 }],
  [ROOT, 'only the start page and pages it links to', { maxDiscoveryDepth: 1, sitemap: 'skip' }],
  [ROOT, 'the homepage plus everything linked from it', { maxDiscoveryDepth: 1, sitemap: 'skip' }],
  [ROOT, 'just the homepage', { maxDiscoveryDepth: 0, sitemap: 'skip' }],
  [ROOT, 'pages directly linked from the start page, 2 seconds apart', { maxDiscoveryDepth: 1, sitemap: 'skip', delay: 2 }],
  // Page counts.
  [ROOT, 'up to 50 pages', { limit: 50 }],
  [ROOT, 'at most 200', { limit: 200 }],
  [ROOT, 'first 10 pages', { limit: 10 }],
  [ROOT, 'no more than twenty pages', { limit: 20 }],
  [ROOT, 'a hundred pages max', { limit: 100 }],
  [ROOT, 'fewer than 50 pages', { limit: 49 }],
  [ROOT, 'limit 1,000', { limit: 1000 }],
  [ROOT, 'crawl 2k urls', { limit: 2000 }],
  // Switches.
  [ROOT, 'include subdomains', { allowSubdomains: true }],
  [ROOT, 'stay on this host', { allowSubdomains: false }],
  [ROOT, 'follow external links', { allowExternalLinks: true }],
  [ROOT, "don't follow external links", { allowExternalLinks: false }],
  [ROOT, 'the whole site', { crawlEntireDomain: true }],
  [ROOT, 'every page on the website', { crawlEntireDomain: true }],
  [ROOT, 'only sitemap urls', { sitemap: 'only' }],
  [ROOT, 'only pages in the sitemap', { sitemap: 'only' }],
  [ROOT, 'ignore the sitemap', { sitemap: 'skip' }],
  [ROOT, 'use the sitemap', { sitemap: 'include' }],
  [ROOT, 'ignore query strings', { ignoreQueryParameters: true }],
  [ROOT, 'ignore robots.txt', { ignoreRobotsTxt: true }],
  [ROOT, 'respect robots.txt', { ignoreRobotsTxt: false }],
  [ROOT, "don't deduplicate similar urls", { deduplicateSimilarURLs: false }],
  // Delays are whole seconds, rounded up.
  [ROOT, 'wait 2 seconds between pages', { delay: 2 }],
  [ROOT, 'a 500ms delay between requests', { delay: 1 }],
  [ROOT, 'one request per second', { delay: 1 }],
  // Whole requests.
  [
    ROOT,
    'Crawl the docs section, skip the changelog, up to 100 pages and two levels deep',
    { includePaths: [sec('docs')], excludePaths: [sec('changelog')], limit: 100, maxDiscoveryDepth: 2 },
  ],
  [
    ROOT,
    'I want all blog posts but not the tag pages, max 500 pages, and ignore the sitemap',
    { includePaths: [sec('blog')], excludePaths: [sec('tag')], limit: 500, sitemap: 'skip' },
  ],
  [
    ROOT,
    'crawl the entire website including subdomains, ignore robots.txt and query parameters',
    { crawlEntireDomain: true, allowSubdomains: true, ignoreRobotsTxt: true, ignoreQueryParameters: true },
  ],
  [
    ROOT,
    'Only pages in the sitemap, limit 30, and wait 3 seconds between requests',
    { sitemap: 'only', limit: 30, delay: 3 },
  ],
  // What is not understood is named, and what is understood still counts.
  [ROOT, 'only crawl pages under /en/, exclude /admin, be gentle', { includePaths: [sec('en')], excludePaths: [sec('admin')] }, ['be gentle']],
  [ROOT, 'crawl the help center', { includePaths: [sec('help')] }, ['center']],
  // "english" and "example.com" name no section: warned about, not turned into paths.
  [ROOT, 'crawl example.com but only english pages, up to 5 pages', { limit: 5 }, ['example.com', 'english']],
  [ROOT, 'make me a sandwich', {}, ['make me a sandwich']],
];

describe('readCrawlPrompt', () => {
  for (const [url, prompt, options, unread] of cases) {
    test(`${prompt}${url === DOCS ? ' (from /docs)' : ''}`, () => {
      const reading = readCrawlPrompt(url, prompt);
      assert.deepEqual(reading.options, options);
      if (!unread) {
        assert.equal(reading.warning, undefined);
      } else {
        assert.ok(reading.warning, 'a warning');
        for (const words of unread) assert.match(reading.warning, new RegExp(words.replace('.', '\\.')));
      }
    });
  }

  test('every pattern it writes is a valid regular expression the crawl can compile', () => {
    for (const [url, prompt] of cases) {
      const { options } = readCrawlPrompt(url, prompt);
      for (const p of [...(options.includePaths ?? []), ...(options.excludePaths ?? [])]) assert.doesNotThrow(() => new RegExp(p));
    }
  });

  test('a section pattern selects the section and nothing that merely starts like it', () => {
    const [blog] = readCrawlPrompt(ROOT, 'only the blog').options.includePaths!;
    const re = new RegExp(blog!);
    for (const path of ['/blog', '/blog/', '/blog/2024/launch']) assert.ok(re.test(path), path);
    for (const path of ['/blogger', '/about/blog', '/']) assert.ok(!re.test(path), path);
  });

  test('counts and delays come out as integers', () => {
    const { options } = readCrawlPrompt(ROOT, 'up to 2.5k pages, 3.7 seconds between pages, 2 levels deep');
    assert.deepEqual(options, { limit: 2500, delay: 4, maxDiscoveryDepth: 2 });
  });
});
