import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PRODUCT_SCHEMA, shopRoutes, WIDGET } from '../extract/pages.js';
import { makeDocx } from '../fixtures/documents/index.js';
import { startSite, type Site } from '../fixtures/site.js';
import { run } from '../helpers/process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const POOR_KEY = 'fc-11111111111111111111111111111111';
const page = (title: string, body = '', links: string[] = []) => ({
  html: `<html><head><title>${title}</title></head><body><h1>${title}</h1>${body}${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</body></html>`,
});

describe('trawl scrape / crawl / batch / map / search / parse / extract (clients of a running server)', () => {
  let s: TestServer;
  let site: Site;
  let tmp: string;

  before(async () => {
    site = await startSite({
      ...shopRoutes(),
      '/': page('Harbour', '<p>Boats and nets.</p>', ['/boats', '/nets', '/nets/mending?x=1']),
      '/boats': page('Boats', '<p>Trawlers leave at dawn.</p>'),
      '/slow': page('Slow', '', Array.from({ length: 10 }, (_, i) => `/slow/${i}`)),
      ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`/slow/${i}`, { delayMs: 1000, ...page(`Slow ${i}`) }])),
      '/nets': page('Nets', '<p>Nets are mended by hand.</p>', ['/nets/mending?x=1']),
      '/nets/mending': page('Mending', '<p>Needle and twine.</p>'),
      '/gone': { status: 404, ...page('Not Found', '<p>No such page.</p>') },
    });
    // The "poor" team is on the free plan: 500 credits.
    s = await startTestServer({ TRAWL_API_KEYS: `poor:${POOR_KEY}`, TRAWL_DEFAULT_PLAN: 'free' });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-cli-'));
  });
  after(async () => {
    await s.close();
    await site.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** The CLI as a user runs it, its server named by the environment; stdout and stderr apart. */
  const trawl = async (args: string[], env: Record<string, string> = {}) => {
    const p = run('node', ['bin/trawl.js', ...args], { TRAWL_API_URL: s.url, TRAWL_API_KEY: s.key, ...env });
    let stdout = '';
    p.child.stdout!.on('data', (c: Buffer) => (stdout += c));
    const code = await p.exited;
    return { code, stdout, all: p.output() };
  };

  test('crawl shows progress and writes each page to a file named from its URL', async () => {
    const dir = path.join(tmp, 'pages');
    const r = await trawl(['crawl', site.url('/'), '--sitemap', 'skip', '--entire-domain', '--max-age', '0', '--output-dir', dir, '--poll-interval', '0.1']);
    assert.equal(r.code, 0, r.all);
    const port = new URL(site.url('/')).port;
    const files = fs.readdirSync(dir).sort();
    assert.deepEqual(files, [`127.0.0.1_${port}.md`, `127.0.0.1_${port}_boats.md`, `127.0.0.1_${port}_nets.md`, `127.0.0.1_${port}_nets_mending_x_1.md`]);
    assert.match(fs.readFileSync(path.join(dir, `127.0.0.1_${port}_boats.md`), 'utf8'), /^# Boats\n\nTrawlers leave at dawn\./);
    // stderr is not a terminal here: one plain line per step, ending at all pages done.
    const steps = [...r.all.matchAll(/^Crawling: (\d+)\/(\d+) pages$/gm)].map((m) => [Number(m[1]), Number(m[2])]);
    assert.ok(steps.length >= 1, r.all);
    assert.deepEqual(steps.at(-1), [4, 4]);
    assert.match(r.all, /Crawl [0-9a-f-]{36} completed: 4 of 4 pages, 4 credits, written to /);
    // stdout lists the files written, for piping.
    assert.deepEqual(r.stdout.trim().split('\n').map((f) => path.basename(f)).sort(), files);
  });

  test('Ctrl-C during a crawl cancels it on the server', async () => {
    const p = run('node', ['bin/trawl.js', 'crawl', site.url('/slow'), '--sitemap', 'skip', '--poll-interval', '0.1'], { TRAWL_API_URL: s.url, TRAWL_API_KEY: s.key });
    const [, id] = await p.waitFor(/Crawl ([0-9a-f-]{36}) started/);
    await p.waitFor(/Crawling: \d+\/\d+ pages/);
    p.signalGroup('SIGINT');
    assert.equal(await p.exited, 130, p.output());
    assert.match(p.output(), new RegExp(`Cancelling crawl ${id}`));
    const status = await s.api('GET', `/v2/crawl/${id}`);
    assert.equal(status.body.status, 'cancelled');
  });

  test('crawl --format json without a folder prints the job with every page', async () => {
    const r = await trawl(['crawl', site.url('/nets'), '--sitemap', 'skip', '--format', 'json', '--poll-interval', '0.1']);
    assert.equal(r.code, 0, r.all);
    const job = JSON.parse(r.stdout);
    assert.equal(job.status, 'completed');
    assert.deepEqual(job.data.map((d: any) => new URL(d.metadata.url).pathname).sort(), ['/nets', '/nets/mending']);
  });

  test('batch takes URLs from a file, shows progress and writes JSON pages', async () => {
    const list = path.join(tmp, 'urls.txt');
    fs.writeFileSync(list, `${site.url('/boats')}\n# a comment\n\n${site.url('/nets')}\n`);
    const dir = path.join(tmp, 'batch');
    const r = await trawl(['batch', '--input', list, '--format', 'json', '-o', dir, '--poll-interval', '0.1']);
    assert.equal(r.code, 0, r.all);
    assert.match(r.all, /^Scraping: 2\/2 pages$/m);
    const port = new URL(site.url('/')).port;
    const doc = JSON.parse(fs.readFileSync(path.join(dir, `127.0.0.1_${port}_nets.json`), 'utf8'));
    assert.equal(doc.metadata.title, 'Nets');
    assert.match(doc.markdown, /mended by hand/);
  });

  test('scrape prints the page as markdown, or the document as JSON', async () => {
    const md = await trawl(['scrape', site.url('/boats'), '--max-age', '0']);
    assert.equal(md.code, 0, md.all);
    assert.equal(md.stdout, '# Boats\n\nTrawlers leave at dawn.\n');

    const json = await trawl(['scrape', site.url('/boats'), '--format', 'json', '--formats', 'links,html']);
    assert.equal(json.code, 0, json.all);
    const doc = JSON.parse(json.stdout);
    assert.equal(doc.metadata.title, 'Boats');
    assert.match(doc.html, /<h1>Boats<\/h1>/);
    assert.deepEqual(doc.links, []);
  });

  test('a page that answers 404 is an error page: a warning on stderr, nothing on stdout, exit 2; --allow-error-pages prints it', async () => {
    const r = await trawl(['scrape', site.url('/gone'), '--max-age', '0']);
    assert.equal(r.code, 2, r.all);
    assert.equal(r.stdout, '');
    assert.match(r.all, /The page answered 404.*: it is an error page, not the content\. Pass --allow-error-pages to print it anyway\./);

    const allowed = await trawl(['scrape', site.url('/gone'), '--max-age', '0', '--allow-error-pages']);
    assert.equal(allowed.code, 0, allowed.all);
    assert.match(allowed.stdout, /No such page\./);
  });

  test('--formats json takes --prompt and --schema; alone it prints the extracted data', async () => {
    const r = await trawl(['scrape', site.url('/products/widget'), '--formats', 'json', '--schema', JSON.stringify(PRODUCT_SCHEMA), '--prompt', 'The product on this page']);
    assert.equal(r.code, 0, r.all);
    assert.deepEqual(JSON.parse(r.stdout), { name: WIDGET.name, price: WIDGET.price });

    const both = await trawl(['scrape', site.url('/products/widget'), '--format', 'json', '--formats', 'markdown,json', '--schema', JSON.stringify(PRODUCT_SCHEMA)]);
    assert.equal(both.code, 0, both.all);
    const doc = JSON.parse(both.stdout);
    assert.equal(doc.json.name, WIDGET.name);
    assert.match(doc.markdown, /Acme Widget/);

    const orphan = await trawl(['scrape', site.url('/products/widget'), '--prompt', 'The product']);
    assert.equal(orphan.code, 1);
    assert.match(orphan.all, /--prompt and --schema describe the json format: add --formats json/);
  });

  test('a search that finds nothing explains the local index and how to add a search provider', async () => {
    const r = await trawl(['search', 'zyzzyva quixotic']);
    assert.equal(r.code, 0, r.all);
    assert.equal(r.stdout, '');
    assert.match(r.all, /^No results\. .*searches only its local index: the pages it has scraped or crawled itself/m);
    assert.match(r.all, /TRAWL_SEARXNG_URL \(see docs\/search\.md\)/);
  });

  test('map prints one URL a line; search lists what it found', async () => {
    const map = await trawl(['map', site.url('/'), '--sitemap', 'skip']);
    assert.equal(map.code, 0, map.all);
    const mapped = map.stdout.trim().split('\n');
    // The links of the site, plus whatever pages of it this server has fetched before (its index).
    for (const url of [site.url('/'), site.url('/boats'), site.url('/nets'), site.url('/nets/mending')]) assert.ok(mapped.includes(url), `${url} in ${map.stdout}`);
    assert.ok(mapped.every((u) => u.startsWith(site.url('/'))), map.stdout);

    // Found because the scrape before put the page in the server's own index.
    const found = await trawl(['search', 'boats']);
    assert.equal(found.code, 0, found.all);
    assert.match(found.stdout, new RegExp(`^## \\[Boats\\]\\(${site.url('/boats').replace(/[.?]/g, '\\$&')}\\)`), found.all);
  });

  test('parse FILE converts a local document', async () => {
    const file = path.join(tmp, 'report.docx');
    fs.writeFileSync(file, await makeDocx());
    const r = await trawl(['parse', file]);
    assert.equal(r.code, 0, r.all);
    assert.match(r.stdout, /^# Annual Report/);

    const missing = await trawl(['parse', path.join(tmp, 'nope.pdf')]);
    assert.equal(missing.code, 1);
    assert.match(missing.all, /Cannot read .*nope\.pdf: ENOENT/);
  });

  test('extract prints the data as JSON, the schema read from a file', async () => {
    const schema = path.join(tmp, 'product.json');
    fs.writeFileSync(schema, JSON.stringify(PRODUCT_SCHEMA));
    const r = await trawl(['extract', site.url('/products/widget'), '--schema', schema, '--poll-interval', '0.2', '--timeout', '60']);
    assert.equal(r.code, 0, r.all);
    assert.deepEqual(JSON.parse(r.stdout), { name: WIDGET.name, price: WIDGET.price });
  });

  test('a bad key says what to do and exits non-zero', async () => {
    const r = await trawl(['scrape', site.url('/boats')], { TRAWL_API_KEY: 'fc-22222222222222222222222222222222' });
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    assert.match(r.all, /The server refused the API key \(Unauthorized: Invalid token\)\./);
    assert.match(r.all, /--api-key or TRAWL_API_KEY/);
  });

  test('an unreachable server, too few credits and a rate limit each say what to do', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const down = await trawl(['map', site.url('/'), '--api-url', `http://127.0.0.1:${port}`]);
    assert.equal(down.code, 1);
    assert.match(down.all, new RegExp(`Cannot reach Trawl at http://127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)\\.\\nIs the server running\\?`));

    const many = path.join(tmp, 'many.txt');
    fs.writeFileSync(many, Array.from({ length: 501 }, (_, i) => site.url(`/p/${i}`)).join('\n'));
    const poor = await trawl(['batch', '-i', many, '--api-key', POOR_KEY]);
    assert.equal(poor.code, 1);
    assert.match(poor.all, /^Not enough credits: Insufficient credits/m);
    assert.match(poor.all, /Credits start again on the 1st of the month/);

    const limiter = http.createServer((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '120' }).end('{"success":false,"error":"Rate limit exceeded. Consumed (req/min): 11"}');
    });
    await new Promise<void>((r) => limiter.listen(0, '127.0.0.1', r));
    try {
      const limited = await trawl(['scrape', site.url('/boats'), '--api-url', `http://127.0.0.1:${(limiter.address() as AddressInfo).port}`]);
      assert.equal(limited.code, 1);
      assert.match(limited.all, /^Rate limited: Rate limit exceeded\. Consumed \(req\/min\): 11\nWait 120 s and run it again/m);
    } finally {
      await new Promise((r) => limiter.close(r));
    }
  });
});
