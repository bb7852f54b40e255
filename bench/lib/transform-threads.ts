// The transform threads alone, at a crawl's pace: the bench site's pages through transformAway,
// WINDOW pages in flight as a crawl keeps them, and the CPU a page of each thread of this
// process (main, transform threads, V8's and libuv's helpers) read from /proc. For comparing
// two versions of the transform threads in turns, e.g.
//   PAGES=6000 WINDOW=8 node --max-semi-space-size=16 --import tsx bench/lib/transform-threads.ts
import fs from 'node:fs';
import type { TransformInput } from '../../src/scrape/transform/index.js';
import { DEFAULT_TRANSFORM_THREADS, transformAway, useTransformThreads } from '../../src/scrape/transform/threads.js';
import { pageHtml } from './site.js';

const N = Number(process.env.PAGES ?? 6000);
const WINDOW = Number(process.env.WINDOW ?? 8);
const THREADS = Number(process.env.TRAWL_TRANSFORM_THREADS ?? DEFAULT_TRANSFORM_THREADS);
const SITE = 300;

// A fresh flat string each time, as a fetch decodes one.
const input = (i: number): TransformInput => ({
  html: Buffer.from(pageHtml(i % SITE, SITE)).toString(),
  url: `http://127.0.0.1:1/p/${i % SITE}`,
  formats: new Set(['markdown', 'links']), // what a crawl asks of each page
  onlyMainContent: true,
  removeBase64Images: true,
});

/** CPU clock ticks of each thread of this process, by thread id. */
function ticksByThread(): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, Number(f[11]) + Number(f[12])); // utime + stime
    } catch {
      // It ended while being read.
    }
  }
  return out;
}

async function run(n: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < n) await transformAway(input(next++));
  };
  await Promise.all(Array.from({ length: WINDOW }, lane));
}

useTransformThreads(THREADS);
await run(2000); // threads started, code compiled
const before = ticksByThread();
const cpu = process.cpuUsage();
const t0 = performance.now();
await run(N);
const wall = performance.now() - t0;
const used = process.cpuUsage(cpu);
const others: number[] = [];
let main = 0;
for (const [tid, ticks] of ticksByThread()) {
  const d = ticks - (before.get(tid) ?? 0);
  if (tid === String(process.pid)) main = d;
  else if (d > 0) others.push(d);
}
// The busiest other threads are the transform threads; the rest are V8's and libuv's helpers.
others.sort((a, b) => b - a);
const busy = others.splice(0, THREADS);
const ms = (ticks: number) => ((ticks * 10) / N).toFixed(3); // 100 ticks a second
console.log(`main thread        ${ms(main)} ms a page`);
console.log(`transform threads  ${busy.map(ms).join(' + ')} ms a page`);
console.log(`other threads      ${ms(others.reduce((a, b) => a + b, 0))} ms a page`);
console.log(`whole process      ${((used.user + used.system) / 1000 / N).toFixed(3)} ms a page, ${((N / wall) * 1000).toFixed(0)} pages/s`);
process.exit(0);
