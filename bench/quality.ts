// Main-content quality on 990 annotated real pages (../shared/corpus/trafilatura-eval):
// every page is served from 127.0.0.1 and scraped through a whole Trawl, as a user would,
// and the plain text of its markdown scored with trafilatura's with/without snippet rule.
// Beside it, in the same run and on the same pages: the engine as it was before issue #16,
// Mozilla Readability and Defuddle, each timed in CPU per page on the same HTML.
//
//   npm run bench:quality                     all pages
//   npm run bench:quality -- --sample         every 3rd page (quick iteration)
//   npm run bench:quality -- --limit 100      the first 100 pages
//   npm run bench:quality -- --peers none     Trawl and the old engine only
//   npm run bench:quality -- --show <file>    print Trawl's plain text of one page and its score
//   npm run bench:quality -- --fast           no HTTP: Trawl's transform called in-process on
//                                             every page (seconds, for iteration; no peers and
//                                             no engine before #16 unless --peers names them:
//                                             `--peers before`). The HTTP run stays the reference.
//   npm run bench:quality -- --fast --save /tmp/a.json       keep Trawl's per-page scores
//   npm run bench:quality -- --fast --against /tmp/a.json    list the pages that got worse or
//                                             better than the saved run (same page selection)
// Under `npm run bench -- --quick` (BENCH_QUICK=1): every 5th page, Readability as the only peer.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { decodeHtml } from '../src/scrape/transform/index.js';
import { startSite } from '../test/fixtures/site.js';
import { startTrawlInProcess } from './lib/in-process.js';
import { KEY } from './lib/server.js';
import { corpusPages, pageBytes, plainText, type Score, scorePage, totals } from './quality/corpus.js';
import { extractors } from './quality/extractors.js';

const { values: args } = parseArgs({
  options: {
    limit: { type: 'string' },
    sample: { type: 'boolean', default: false },
    every: { type: 'string' },
    offset: { type: 'string', default: '0' },
    peers: { type: 'string', default: 'readability,defuddle' },
    worst: { type: 'string', default: '20' },
    show: { type: 'string' },
    concurrency: { type: 'string', default: '4' },
    fast: { type: 'boolean', default: false },
    save: { type: 'string' },
    against: { type: 'string' },
  },
});

const TRAWL = 'trawl';
const BASELINE = 'trawl before #16';

let pages = corpusPages();
if (args.show) pages = pages.filter((p) => p.file === args.show || p.url === args.show);
const quick = process.env.BENCH_QUICK === '1';
const every = args.every ? Number(args.every) : args.sample ? 3 : quick ? 5 : 1;
const defaultPeers = args.peers === 'readability,defuddle';
const peers = args.fast && defaultPeers ? 'none' : quick && defaultPeers ? 'readability' : args.peers;
pages = pages.filter((_, i) => i % every === Number(args.offset) % every);
if (args.limit) pages = pages.slice(0, Number(args.limit));
if (pages.length === 0) throw new Error('no corpus page selected');

// --fast leaves out the engine before #16 too, unless --peers names it ("before").
const methods = [
  TRAWL,
  ...(args.fast && !peers.includes('before') ? [] : [BASELINE]),
  ...Object.keys(extractors).filter(
    (m) => m !== TRAWL && m !== BASELINE && peers !== 'none' && peers.split(',').some((p) => m.startsWith(p)),
  ),
];

// 1. Trawl's real pipeline: POST /v2/scrape against pages served from 127.0.0.1. Under --fast
// the in-process call of step 2 is scored instead.
const scraped: string[] = new Array(pages.length).fill('');
const scrape = args.fast ? undefined : await scrapeThroughTrawl();

async function scrapeThroughTrawl() {
  const routes = Object.fromEntries(
    pages.map((page, i) => [
      `/p/${i}`,
      (_req: unknown, res: import('node:http').ServerResponse) => {
        // As a server that names no charset sends it: Trawl's own detection decodes it.
        res.writeHead(200, { 'content-type': 'text/html' }).end(pageBytes(page));
      },
    ]),
  );
  const site = await startSite(routes);
  const { trawl, dataDir } = await startTrawlInProcess('quality');

  let failures = 0;
  const start = performance.now();
  const startCpu = process.cpuUsage();
  try {
    let next = 0;
    const worker = async () => {
      while (next < pages.length) {
        const i = next++;
        const res = await fetch(`${trawl.url}/v2/scrape`, {
          method: 'POST',
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ url: site.url(`/p/${i}`), formats: ['markdown'], maxAge: 0, storeInCache: false }),
        });
        const json = (await res.json()) as { success: boolean; data?: { markdown?: string }; error?: string };
        if (!json.success) {
          failures++;
          console.error(`scrape failed: ${pages[i]!.file}: ${json.error}`);
        }
        scraped[i] = json.data?.markdown ?? '';
      }
    };
    await Promise.all(Array.from({ length: Number(args.concurrency) }, worker));
  } finally {
    await trawl.close();
    await site.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { failures, wallMs: performance.now() - start, cpuMs: cpuMs(process.cpuUsage(startCpu)) };
}

// 2. Every method on the same decoded HTML, one page at a time, in an order that rotates
// from page to page so that a neighbour's load on this shared machine falls on all alike.
for (const page of pages.slice(0, 5)) {
  const html = decodeHtml(pageBytes(page), 'text/html');
  for (const m of methods) await extractors[m]!(html, page.url); // warm-up: JIT and lazy loads
}
const outputs: Record<string, string[]> = Object.fromEntries(methods.map((m) => [m, []]));
const cpu: Record<string, number[]> = Object.fromEntries(methods.map((m) => [m, []]));
for (let i = 0; i < pages.length; i++) {
  const page = pages[i]!;
  const html = decodeHtml(pageBytes(page), 'text/html');
  for (let turn = 0; turn < methods.length; turn++) {
    const m = methods[(i + turn) % methods.length]!;
    const start = process.cpuUsage();
    let md = '';
    try {
      md = await extractors[m]!(html, page.url);
    } catch (err) {
      console.error(`${m} failed on ${page.file}: ${(err as Error).message}`);
    }
    cpu[m]!.push(cpuMs(process.cpuUsage(start)));
    outputs[m]![i] = md;
  }
}
// What the scrape returned is what Trawl is scored on; the direct call is only timed.
if (scrape) outputs[TRAWL] = scraped;

const scores: Record<string, Score[]> = Object.fromEntries(
  methods.map((m) => [m, pages.map((p, i) => scorePage(p, plainText(outputs[m]![i]!)))]),
);

if (args.show) {
  console.log(plainText(outputs[TRAWL]![0]!));
  console.log('\n---', JSON.stringify(scores[TRAWL]![0], null, 1));
}

console.log(
  `\n${pages.length} pages${every > 1 ? ` (every ${every}th)` : ''}; ` +
    (scrape
      ? `scrape through Trawl: ${scrape.failures} failed, ${(scrape.wallMs / pages.length).toFixed(1)} ms wall and ` +
        `${(scrape.cpuMs / pages.length).toFixed(1)} ms CPU per page (whole process: server, site and client)\n`
      : 'IN-PROCESS (--fast): Trawl scored on its transform called directly, no HTTP scrape\n'),
);
console.log(row(['method', 'precision', 'recall', 'F', 'accuracy', 'CPU ms/page', 'p95', 'max', '× before']));
const baseCpu = cpu[BASELINE] ? mean(cpu[BASELINE]) : NaN;
for (const m of methods) {
  const t = totals(scores[m]!);
  const c = cpu[m]!;
  console.log(
    row([
      m + (m === TRAWL ? (scrape ? ' (scraped)' : ' (in-process)') : ''),
      t.precision.toFixed(3),
      t.recall.toFixed(3),
      t.f.toFixed(3),
      t.accuracy.toFixed(3),
      mean(c).toFixed(2),
      percentile(c, 95).toFixed(1),
      Math.max(...c).toFixed(0),
      Number.isNaN(baseCpu) ? '–' : `${(mean(c) / baseCpu).toFixed(2)}×`,
    ]),
  );
}
const t = totals(scores[TRAWL]!);
const cpuRatio = mean(cpu[TRAWL]!) / baseCpu;
const slowestMs = Math.max(...cpu[TRAWL]!);
console.log();
target('Trawl main-content F', t.f, t.f >= 0.93, '≥ 0.93');
target('Trawl main-content precision', t.precision, t.precision >= 0.92, '≥ 0.92');
target('Trawl main-content recall', t.recall, t.recall >= 0.94, '≥ 0.94');
if (cpu[BASELINE]) target('Trawl extraction CPU / before #16', cpuRatio, cpuRatio <= 2, '≤ 2', '×');
target('Trawl slowest page extraction CPU', slowestMs, slowestMs <= 1000, '≤ 1000 ms', ' ms');

const worst = pages
  .map((page, i) => ({ page, s: scores[TRAWL]![i]!, ms: cpu[TRAWL]![i]! }))
  .filter((x) => x.s.fn + x.s.fp > 0)
  .sort((a, b) => b.s.fn + b.s.fp - (a.s.fn + a.s.fp) || b.s.fn - a.s.fn)
  .slice(0, Number(args.worst));
console.log(`\nworst ${worst.length} pages for Trawl (missing = main-content snippet absent, leaked = boilerplate kept):`);
for (const { page, s } of worst) {
  console.log(`  ${page.file}  missing ${s.fn}/${page.with.length}, leaked ${s.fp}/${page.without.length}  ${page.url}`);
  for (const m of s.missing) console.log(`      - missing: ${clip(m)}`);
  for (const l of s.leaked) console.log(`      + leaked:  ${clip(l)}`);
}
// Per page: what a change did, page by page, so that a gain on average hides no loss.
if (args.save) {
  const saved = Object.fromEntries(pages.map((p, i) => [p.file, { fn: scores[TRAWL]![i]!.fn, fp: scores[TRAWL]![i]!.fp }]));
  fs.writeFileSync(args.save, JSON.stringify(saved));
}
if (args.against) {
  const before = JSON.parse(fs.readFileSync(args.against, 'utf8')) as Record<string, { fn: number; fp: number }>;
  const changed = pages
    .map((p, i) => ({ p, s: scores[TRAWL]![i]!, b: before[p.file] }))
    .filter((x) => x.b && (x.b.fn !== x.s.fn || x.b.fp !== x.s.fp));
  const worse = changed.filter((x) => x.s.fn + x.s.fp > x.b!.fn + x.b!.fp || (x.s.fn > x.b!.fn));
  const better = changed.filter((x) => !worse.includes(x));
  console.log(`\nagainst ${args.against}: ${better.length} pages better, ${worse.length} worse or with a snippet lost`);
  for (const { p, s, b } of [...worse, ...better]) {
    const mark = worse.some((w) => w.p === p) ? 'WORSE ' : 'better';
    console.log(`  ${mark} ${p.file}  missing ${b!.fn} -> ${s.fn}, leaked ${b!.fp} -> ${s.fp}`);
  }
}

const slowest = pages.map((p, i) => ({ p, ms: cpu[TRAWL]![i]! })).sort((a, b) => b.ms - a.ms).slice(0, 3);
console.log(`\nslowest pages for Trawl: ${slowest.map((s) => `${s.p.file} ${s.ms.toFixed(0)} ms`).join(', ')}`);

// The line format bench/run.ts collects into its summary; a missed target fails the run.
function target(name: string, value: number, met: boolean, goal: string, unit = ''): void {
  console.log(`TARGET ${met ? 'met   ' : 'MISSED'} ${name}: ${value.toFixed(value >= 10 ? 0 : 3)}${unit} (target ${goal})`);
  if (!met) process.exitCode = 1;
}

function cpuMs(u: NodeJS.CpuUsage): number {
  return (u.user + u.system) / 1000;
}

function mean(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

function row(cells: string[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(28) : c.padStart(11))).join(' ');
}

function clip(s: string): string {
  const one = s.replace(/\s+/g, ' ');
  return one.length > 90 ? `${one.slice(0, 87)}…` : one;
}

