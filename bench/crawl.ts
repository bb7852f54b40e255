// Crawl throughput and memory, in one run:
//  1. pages/s of Trawl crawling a generated 300-page local site, against Crawlee's
//     CheerioCrawler turning each page into markdown with turndown (the peer), and a
//     raw-fetch ceiling (every page fetched, nothing done with it);
//  2. peak RSS of the Trawl server process through a 10 000-page crawl.
// Targets: ≥ 3× Crawlee, ≥ 25% of the ceiling; ≤ 300 MB peak RSS.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CheerioCrawler, Configuration } from '@crawlee/cheerio';
import TurndownService from 'turndown';
// @ts-expect-error turndown-plugin-gfm ships no types
import { gfm } from 'turndown-plugin-gfm';
import { startSite } from '../test/fixtures/site.js';

const KEY = 'fc-bench0000000000000000000000000000';
const CONCURRENCY = 8;

function pageHtml(i: number, n: number): string {
  const links = [1, 2, 3, 5, 8].map((d) => `<li><a href="/p/${(i + d) % n}">Page ${(i + d) % n}</a></li>`).join('');
  const paras = Array.from({ length: 12 }, (_, k) => `<p>Section ${k} of page ${i}: <strong>generated</strong> text with <a href="/p/${(i * 7 + k) % n}">a link</a> and some words to convert into markdown.</p>`).join('');
  return `<!doctype html><html><head><title>Page ${i}</title></head><body><nav><a href="/">Home</a></nav><main><h1>Page ${i}</h1>${paras}<ul>${links}</ul>
<table><tr><th>k</th><th>v</th></tr><tr><td>${i}</td><td>${i * 2}</td></tr></table></main><footer>footer</footer></body></html>`;
}

async function generatedSite(n: number) {
  return startSite({
    '/': { html: pageHtml(0, n) },
    '/robots.txt': { text: 'User-agent: *\nAllow: /\n' },
    '/p': (req, res) => {
      res.writeHead(404).end();
    },
    ...Object.fromEntries(Array.from({ length: n }, (_, i) => [`/p/${i}`, { html: pageHtml(i, n) }])),
  });
}

async function startServer(dataDir: string) {
  const child = spawn(process.execPath, [...(process.env.TRAWL_NODE_FLAGS ?? '--max-semi-space-size=32').split(' ').filter(Boolean), '--import', 'tsx', 'src/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      TRAWL_DATA_DIR: dataDir,
      TRAWL_API_KEY: KEY,
      TRAWL_ALLOW_PRIVATE_NETWORK: 'on',
      TRAWL_RATE_LIMITS: 'off',
      TRAWL_WORKER_CONCURRENCY: String(CONCURRENCY),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m) resolve(m[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => reject(new Error(`server exited:\n${out}`)));
  });
  return { child, url };
}

function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

async function trawlCrawl(api: string, start: string, limit: number): Promise<number> {
  const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
  const t = performance.now();
  const res = await fetch(`${api}/v2/crawl`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ url: start, limit, sitemap: 'skip', crawlEntireDomain: true, scrapeOptions: { formats: ['markdown'], maxAge: 0 } }),
  });
  const { id, success, error } = (await res.json()) as { id: string; success: boolean; error?: string };
  if (!success) throw new Error(error);
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    const s = (await (await fetch(`${api}/v2/crawl/${id}?limit=1`, { headers })).json()) as { status: string; completed: number };
    if (s.status !== 'scraping') {
      if (s.completed !== limit) throw new Error(`crawl ended ${s.status} with ${s.completed} pages`);
      return (performance.now() - t) / 1000;
    }
  }
}

async function crawleeCrawl(start: string, limit: number): Promise<number> {
  const td = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });
  td.use(gfm);
  let pages = 0;
  const config = new Configuration({ persistStorage: false, purgeOnStart: true });
  const crawler = new CheerioCrawler(
    {
      maxConcurrency: CONCURRENCY,
      maxRequestsPerCrawl: limit,
      requestHandler: async ({ body, enqueueLinks }) => {
        td.turndown(body.toString());
        pages++;
        await enqueueLinks({ strategy: 'same-hostname' });
      },
    },
    config,
  );
  const t = performance.now();
  await crawler.run([start]);
  if (pages !== limit) throw new Error(`Crawlee crawled ${pages} pages`);
  return (performance.now() - t) / 1000;
}

async function rawCeiling(urls: string[]): Promise<number> {
  const t = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < urls.length) {
        const u = urls[next++]!;
        await (await fetch(u)).text();
      }
    }),
  );
  return (performance.now() - t) / 1000;
}

const N = 300;
const site = await generatedSite(N);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-bench-crawl-'));
const server = await startServer(dataDir);
try {
  const start = site.url('/p/0');
  const urls = Array.from({ length: N }, (_, i) => site.url(`/p/${i}`));
  const ceiling = N / (await rawCeiling(urls));
  const crawlee = N / (await crawleeCrawl(start, N));
  const trawl = N / (await trawlCrawl(server.url, start, N));
  console.log(`crawl of a generated ${N}-page site, concurrency ${CONCURRENCY}`);
  console.log(`raw-fetch ceiling               ${ceiling.toFixed(1).padStart(8)} pages/s`);
  console.log(`Crawlee CheerioCrawler+turndown ${crawlee.toFixed(1).padStart(8)} pages/s`);
  console.log(`Trawl                           ${trawl.toFixed(1).padStart(8)} pages/s`);
  console.log(`Trawl / Crawlee: ${(trawl / crawlee).toFixed(2)}× (target ≥ 3×); Trawl / ceiling: ${((100 * trawl) / ceiling).toFixed(0)}% (target ≥ 25%)`);
} finally {
  server.child.kill('SIGTERM');
  await site.close();
}

const BIG = 10_000;
const bigSite = await generatedSite(BIG);
const bigDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-bench-crawl-'));
const big = await startServer(bigDir);
try {
  const secs = await trawlCrawl(big.url, bigSite.url('/p/0'), BIG);
  const peak = peakRssMb(big.child.pid!);
  console.log(`${BIG}-page crawl: ${(BIG / secs).toFixed(1)} pages/s; peak RSS of the Trawl process ${peak.toFixed(0)} MB (target ≤ 300 MB) ${peak <= 300 ? 'OK' : 'OVER'}`);
} finally {
  big.child.kill('SIGTERM');
  await bigSite.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(bigDir, { recursive: true, force: true });
}
