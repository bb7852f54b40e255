// Crawl throughput at default settings, in one run: Trawl crawling a generated 300-page
// local site, against Crawlee's CheerioCrawler turning each page into markdown with
// turndown (the peer), and a raw fetch of the same 300 URLs with the bodies discarded (the
// ceiling: what the network and the site allow). The three take turns, round after round,
// each round on a fresh site, so that a neighbour's load on this shared machine falls on
// all of them alike; the ratios are taken round by round, then their median. The order of
// the three turns over from round to round: the site lives in this process, so whoever
// runs right after Crawlee also meets the collection of Crawlee's garbage in the site.
// One pass of the raw fetch is over in a tenth of a second, against a second or more for
// a crawl: on a busy machine such a short pass can fall in a quiet moment the crawl cannot
// have, so the ceiling is fetched pass after pass for as long as a crawl takes (at least
// CEILING_SECONDS) and taken as the rate over all of them.
// Every party first takes the same warm-up rounds, uncounted: a Trawl server's CPU a page was
// still falling after 6 rounds of 300 pages (V8 compiling: ~29% of its CPU in the early
// rounds), from ~6 ms in round 2 to ~3.7 ms from round 8 on, so a figure taken after one
// round measured the JIT, not the crawl. The ceiling and Crawlee warm up in the same rounds.
// Targets: Trawl ≥ 5× Crawlee and ≥ 25% of the ceiling.
import os from 'node:os';
import { CheerioCrawler, Configuration, log as crawleeLog, LogLevel } from '@crawlee/cheerio';
import TurndownService from 'turndown';
// @ts-expect-error turndown-plugin-gfm ships no types
import { gfm } from 'turndown-plugin-gfm';
import { startServer, trawlCrawl } from './lib/server.js';
import { generatedSite } from './lib/site.js';
import { atLeast, median, quick } from './lib/targets.js';

const N = 300;
const WARMUP_ROUNDS = quick ? 4 : 8;
// An odd number counted, so the median is one of them.
const COUNTED_ROUNDS = quick ? 3 : 5;
const ROUNDS = WARMUP_ROUNDS + COUNTED_ROUNDS;
const CEILING_SECONDS = 1;
// Crawlee's default concurrency scales itself; 8 matches Trawl's default worker concurrency.
const CONCURRENCY = 8;

// The peer's own progress logging is not part of the report.
crawleeLog.setLevel(LogLevel.OFF);

/**
 * Seconds Crawlee takes to crawl `limit` pages from `start`: until run() returns, and until its
 * last page was handled. Its request queue declares itself finished only once nothing has
 * touched it for 10 s (API_PROCESSED_REQUESTS_DELAY_MILLIS, made for a queue kept on a remote
 * API, applied to the in-memory one too), so on a 300-page site most of run() is that wait:
 * what a user of its defaults waits for, but not its pace. The target is taken against the pace.
 */
async function crawleeCrawl(start: string, limit: number): Promise<{ run: number; pages: number }> {
  const td = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });
  td.use(gfm);
  let pages = 0;
  let last = 0;
  const config = new Configuration({ persistStorage: false, purgeOnStart: true });
  const crawler = new CheerioCrawler(
    {
      maxConcurrency: CONCURRENCY,
      maxRequestsPerCrawl: limit,
      requestHandler: async ({ body, enqueueLinks }) => {
        td.turndown(body.toString());
        pages++;
        last = performance.now();
        await enqueueLinks({ strategy: 'same-hostname' });
      },
    },
    config,
  );
  const t = performance.now();
  last = t;
  await crawler.run([start]);
  if (pages !== limit) throw new Error(`Crawlee crawled ${pages} pages`);
  return { run: (performance.now() - t) / 1000, pages: (last - t) / 1000 };
}

/** Pages a second of the raw fetch, over passes of all `urls` lasting CEILING_SECONDS at least. */
async function rawCeiling(urls: string[]): Promise<number> {
  const t = performance.now();
  let pages = 0;
  do {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < urls.length) {
          const u = urls[next++]!;
          await (await fetch(u)).arrayBuffer();
        }
      }),
    );
    pages += urls.length;
  } while (performance.now() - t < CEILING_SECONDS * 1000);
  return pages / ((performance.now() - t) / 1000);
}

const server = await startServer();
const rows: { ceiling: number; crawlee: number; crawleeRun: number; trawl: number; cpuMsPerPage: number; mainCpuMsPerPage: number; polls: number }[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    const site = await generatedSite(N);
    try {
      const start = site.url('/p/0');
      const urls = Array.from({ length: N }, (_, i) => site.url(`/p/${i}`));
      let ceiling = 0;
      let crawlee = 0;
      let crawleeRun = 0;
      let trawl = 0;
      let cpuMsPerPage = 0;
      let mainCpuMsPerPage = 0;
      let polls = 0;
      const turns = [
        async () => (ceiling = await rawCeiling(urls)),
        async () => {
          const s = await crawleeCrawl(start, N);
          crawlee = N / s.pages;
          crawleeRun = N / s.run;
        },
        async () => {
          const cpu = server.cpuSeconds();
          const mainCpu = server.mainThreadCpuSeconds();
          trawl = N / (await trawlCrawl(server.url, start, N, () => polls++));
          cpuMsPerPage = ((server.cpuSeconds() - cpu) * 1000) / N;
          mainCpuMsPerPage = ((server.mainThreadCpuSeconds() - mainCpu) * 1000) / N;
        },
      ];
      for (let k = 0; k < turns.length; k++) await turns[(round + k) % turns.length]!();
      rows.push({ ceiling, crawlee, crawleeRun, trawl, cpuMsPerPage, mainCpuMsPerPage, polls });
      console.log(
        `${round < WARMUP_ROUNDS ? 'warm-up' : 'round'} ${round + 1} (load ${os.loadavg()[0]!.toFixed(1)}): ceiling ${ceiling.toFixed(0)} pages/s, Crawlee ${crawlee.toFixed(0)} pages/s (${crawleeRun.toFixed(0)} to the end of its run), ` +
          `Trawl ${trawl.toFixed(0)} pages/s (server CPU a page ${cpuMsPerPage.toFixed(2)} ms, its main thread ${mainCpuMsPerPage.toFixed(2)} ms, ${polls} status polls)`,
      );
    } finally {
      await site.close();
    }
  }
} finally {
  await server.stop();
}
const counted = rows.slice(WARMUP_ROUNDS);
console.log(`crawl of a generated ${N}-page site at default settings, median of ${counted.length} rounds after ${WARMUP_ROUNDS} warm-up rounds of every party`);
console.log(`raw-fetch ceiling               ${median(counted.map((r) => r.ceiling)).toFixed(1).padStart(8)} pages/s`);
console.log(`Crawlee CheerioCrawler+turndown ${median(counted.map((r) => r.crawlee)).toFixed(1).padStart(8)} pages/s to its last page`);
console.log(`  to the end of its run()       ${median(counted.map((r) => r.crawleeRun)).toFixed(1).padStart(8)} pages/s (its queue waits 10 s idle before it ends)`);
console.log(`Trawl                           ${median(counted.map((r) => r.trawl)).toFixed(1).padStart(8)} pages/s`);
console.log(`Trawl server CPU a page         ${median(counted.map((r) => r.cpuMsPerPage)).toFixed(2).padStart(8)} ms`);
console.log(`  of which its main thread      ${median(counted.map((r) => r.mainCpuMsPerPage)).toFixed(2).padStart(8)} ms`);
// The client's status requests every 50 ms are counted in the server's CPU, and there are more
// of them the slower the crawl: on a loaded machine they weigh more per page.
console.log(`  status polls a crawl          ${median(counted.map((r) => r.polls)).toFixed(0).padStart(8)}`);
atLeast('Trawl crawl / Crawlee (same pages, same run)', median(counted.map((r) => r.trawl / r.crawlee)), 5);
atLeast('Trawl crawl / raw-fetch ceiling', median(counted.map((r) => (100 * r.trawl) / r.ceiling)), 25, '%');
