// Scrape latency of Trawl against a raw fetch of the same static page, in one run:
// what a scrape adds on top of the network (auth, validation, limits, cache lookup,
// the HTML transform, billing and storage). Target: p50 overhead ≤ 5 ms.
import fs from 'node:fs';
import { startSite } from '../test/fixtures/site.js';
import { startTrawlInProcess } from './lib/in-process.js';
import { KEY } from './lib/server.js';
import { atMost, quick } from './lib/targets.js';

const ROUNDS = quick ? 100 : 300;
const WARMUP = quick ? 20 : 50;

const paragraphs = Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i} with <a href="/p/${i}">a link</a> and <strong>some</strong> text to convert.</p>`).join('\n');
const page = `<!doctype html><html lang="en"><head><title>Bench page</title><meta name="description" content="A static page"></head>
<body><header><nav><a href="/">Home</a><a href="/docs">Docs</a></nav></header><main><article><h1>Static page</h1>${paragraphs}
<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table></article></main><footer>Footer</footer></body></html>`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeIt(fn: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = process.hrtime.bigint();
    await fn();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return out.sort((a, b) => a - b);
}

const site = await startSite({ '/page': { html: page } });
const { trawl, dataDir } = await startTrawlInProcess('latency');

try {
  const target = site.url('/page');
  const raw = await timeIt(async () => {
    const res = await fetch(target);
    await res.text();
  });
  const body = JSON.stringify({ url: target, maxAge: 0 });
  const scraped = await timeIt(async () => {
    const res = await fetch(`${trawl.url}/v2/scrape`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body,
    });
    const json = (await res.json()) as { success: boolean };
    if (!json.success) throw new Error(JSON.stringify(json));
  });

  const row = (name: string, xs: number[]) =>
    console.log(`${name.padEnd(28)} p50 ${percentile(xs, 50).toFixed(2).padStart(7)} ms   p95 ${percentile(xs, 95).toFixed(2).padStart(7)} ms`);
  console.log(`page: ${(Buffer.byteLength(page) / 1024).toFixed(1)} KB, ${ROUNDS} sequential requests after ${WARMUP} warm-up`);
  row('raw fetch of the page', raw);
  row('Trawl POST /v2/scrape', scraped);
  const overhead = percentile(scraped, 50) - percentile(raw, 50);
  console.log(`p95 overhead: ${(percentile(scraped, 95) - percentile(raw, 95)).toFixed(2)} ms; ratio p50 ${(percentile(scraped, 50) / percentile(raw, 50)).toFixed(1)}×`);
  atMost('p50 time a scrape adds over a raw fetch of the same page', overhead, 5, ' ms');
} finally {
  await trawl.close();
  await site.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
