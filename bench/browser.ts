// Rendered pages per second through the browser engine at default settings (2 pages at
// once), with warm tabs (the default: a tab is reset after a render and kept for the next)
// against a new context and page for each render, closed after it (warmPages 0, the peer:
// what a user gets with the pool off), on the same simple pages in the same run. The two engines take
// turns, round after round, so that a neighbour's load falls on both alike; the ratio is
// taken round by round, then its median. The CPU a render costs (this process and every
// process it started: Chromium's, the site's and the egress proxy's share of this one) is
// printed too: on a shared machine it moves far less with the neighbours' load than pages/s.
// Targets: warm ≥ 3× new-page-per-render, and ≥ 8 rendered pages/s.
import fs from 'node:fs';
import os from 'node:os';
import { createBrowserEngine, type BrowserEngine } from '../src/browser/index.js';
import type { Resolver } from '../src/egress/index.js';
import { startSite } from '../test/fixtures/site.js';
import { atLeast, median, quick } from './lib/targets.js';

const PAGES = quick ? 16 : 40;
// Odd, so that the median is a round's own figure.
const ROUNDS = quick ? 3 : 5;
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

/**
 * CPU ms used so far by this process and its descendants (Linux; 0 elsewhere), those that
 * exited included: a renderer that a closed tab took with it is counted by the process that
 * reaped it (Chromium's zygote), through its children's time. Without that a new page per
 * render looked ~700 ms a page cheaper than it was.
 */
function treeCpuMs(): number {
  if (process.platform !== 'linux') return 0;
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Fields after the command name: state, ppid, …, utime (12th), stime (13th), and the same
      // for reaped children (14th, 15th), in clock ticks (100 a second).
      const fields = fs.readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ');
      parents.set(Number(name), Number(fields[1]));
      cpu.set(Number(name), (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10);
    } catch {
      // Exited meanwhile.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid; p > 1; p = parents.get(p) ?? 0) if (p === process.pid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, ms] of cpu) if (inTree(pid)) total += ms;
  return total;
}

async function rate(engine: BrowserEngine): Promise<{ perSecond: number; cpuMs: number }> {
  let next = 0;
  const cpuBefore = treeCpuMs();
  const t = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < PAGES) {
        const r = await engine.render({ url: site.url(`/p/${next++}`) });
        if (r.status !== 200) throw new Error(`render answered ${r.status}`);
      }
    }),
  );
  return { perSecond: PAGES / ((performance.now() - t) / 1000), cpuMs: (treeCpuMs() - cpuBefore) / PAGES };
}

const engines = {
  cold: createBrowserEngine({ allowPrivateNetwork: true, resolve, warmPages: 0 }),
  warm: createBrowserEngine({ allowPrivateNetwork: true, resolve }),
};
const rows: { cold: number; warm: number; coldCpu: number; warmCpu: number }[] = [];
try {
  // Each engine's Chromium started and warmed up before anything is timed, with as many renders
  // at once as it has pages: otherwise the warm engine opened its second tab in round 1, and that
  // round's CPU a page carried a new tab's cost (~+50 ms a page over 16 pages).
  for (const e of Object.values(engines)) await Promise.all([0, 1].map((i) => e.render({ url: site.url(`/p/${i}`) })));
  for (let round = 0; round < ROUNDS; round++) {
    const cold = await rate(engines.cold);
    const warm = await rate(engines.warm);
    rows.push({ cold: cold.perSecond, warm: warm.perSecond, coldCpu: cold.cpuMs, warmCpu: warm.cpuMs });
    console.log(
      `round ${round + 1}: new page per render ${cold.perSecond.toFixed(1)} pages/s (${cold.cpuMs.toFixed(0)} ms CPU a page), ` +
        `warm tabs ${warm.perSecond.toFixed(1)} pages/s (${warm.cpuMs.toFixed(0)} ms CPU a page)`,
    );
  }
} finally {
  await Promise.all(Object.values(engines).map((e) => e.close()));
  await site.close();
}
console.log(`${PAGES} simple pages a round, ${IN_FLIGHT} renders asked for at once, 2 pages open at most; load average ${os.loadavg()[0]!.toFixed(1)}`);
if (process.platform === 'linux') {
  console.log(
    `CPU a rendered page, all processes (median): new page per render ${median(rows.map((r) => r.coldCpu)).toFixed(0)} ms, ` +
      `warm tabs ${median(rows.map((r) => r.warmCpu)).toFixed(0)} ms; ${os.cpus().length} cores give at most ${(
        (os.cpus().length * 1000) /
        median(rows.map((r) => r.warmCpu))
      ).toFixed(1)} warm pages/s`,
  );
}
atLeast('rendered pages/s, warm tabs / a new page per render', median(rows.map((r) => r.warm / r.cold)), 3);
atLeast('rendered pages/s with warm tabs', median(rows.map((r) => r.warm)), 8, ' pages/s');
