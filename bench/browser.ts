// Rendered pages per second through the browser engine at default settings (2 pages at
// once), with warm tabs (the default: a tab is reset after a render and kept for the next)
// against a new context and page for each render, closed after it (warmPages 0, the peer:
// what a user gets with the pool off), on the same simple pages in the same run. The two engines take
// turns, round after round, so that a neighbour's load falls on both alike; the ratio is
// taken round by round, then its median.
// Targets: warm ≥ 3× new-page-per-render, and ≥ 8 rendered pages/s.
import os from 'node:os';
import { createBrowserEngine, type BrowserEngine } from '../src/browser/index.js';
import type { Resolver } from '../src/egress/index.js';
import { startSite } from '../test/fixtures/site.js';
import { atLeast, median, quick } from './lib/targets.js';

const PAGES = quick ? 16 : 40;
const ROUNDS = quick ? 2 : 4;
// More renders asked for at once than the engine has pages: the slots stay busy.
const IN_FLIGHT = 4;
const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];

const site = await startSite(
  Object.fromEntries(
    Array.from({ length: PAGES }, (_, i) => [
      `/p/${i}`,
      { html: `<!doctype html><html><head><title>Page ${i}</title></head><body><h1>Page ${i}</h1><p>A simple page, <a href="/p/${(i + 1) % PAGES}">next</a>.</p></body></html>` },
    ]),
  ),
);

async function rate(engine: BrowserEngine): Promise<number> {
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < PAGES) {
        const r = await engine.render({ url: site.url(`/p/${next++}`) });
        if (r.status !== 200) throw new Error(`render answered ${r.status}`);
      }
    }),
  );
  return PAGES / ((performance.now() - t) / 1000);
}

const engines = {
  cold: createBrowserEngine({ allowPrivateNetwork: true, resolve, warmPages: 0 }),
  warm: createBrowserEngine({ allowPrivateNetwork: true, resolve }),
};
const rows: { cold: number; warm: number }[] = [];
try {
  // Each engine's Chromium started and warmed up before anything is timed.
  for (const e of Object.values(engines)) await e.render({ url: site.url('/p/0') });
  for (let round = 0; round < ROUNDS; round++) {
    const cold = await rate(engines.cold);
    const warm = await rate(engines.warm);
    rows.push({ cold, warm });
    console.log(`round ${round + 1}: new page per render ${cold.toFixed(1)} pages/s, warm tabs ${warm.toFixed(1)} pages/s`);
  }
} finally {
  await Promise.all(Object.values(engines).map((e) => e.close()));
  await site.close();
}
console.log(`${PAGES} simple pages a round, ${IN_FLIGHT} renders asked for at once, 2 pages open at most; load average ${os.loadavg()[0]!.toFixed(1)}`);
atLeast('rendered pages/s, warm tabs / a new page per render', median(rows.map((r) => r.warm / r.cold)), 3);
atLeast('rendered pages/s with warm tabs', median(rows.map((r) => r.warm)), 8, ' pages/s');
