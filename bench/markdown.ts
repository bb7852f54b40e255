// HTML → markdown throughput of Trawl against turndown + turndown-plugin-gfm, on the same
// pages: the hand-written corpus and one large generated page. Reports MB/s (median of
// timed rounds after a warm-up), the ratio to turndown, and a few quality checks.
// Targets: Trawl's conversion (htmlToMarkdown) at least as fast as turndown on both sets,
// and every quality check holding for it.
import TurndownService from 'turndown';
// @ts-expect-error turndown-plugin-gfm ships no type declarations
import { gfm } from 'turndown-plugin-gfm';
import { decodeHtml, htmlToMarkdown, transformHtml } from '../src/scrape/transform/index.js';
import { corpusBytes, corpusPages } from '../test/fixtures/corpus/pages.js';
import { atLeast, median, quick } from './lib/targets.js';

interface Page {
  name: string;
  url: string;
  html: string;
  bytes: number;
}

type Convert = (page: Page) => string;

const WARMUP_ROUNDS = 3;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (quick ? 5 : 15));

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
turndown.use(gfm);
turndown.remove(['script', 'style', 'noscript', 'head', 'template', 'iframe']);

const converters: Record<string, Convert> = {
  // What a scrape runs for markdown without main-content filtering, and what the document
  // engines call: parse, clean, convert.
  'trawl htmlToMarkdown': (p) => htmlToMarkdown(p.html, p.url),
  // The default scrape: onlyMainContent, plus metadata.
  'trawl transformHtml (main content)': (p) =>
    transformHtml({
      html: p.html,
      url: p.url,
      formats: new Set(['markdown']),
      onlyMainContent: true,
      removeBase64Images: true,
    }).markdown ?? '',
  'turndown + gfm': (p) => turndown.turndown(p.html),
};

const corpus: Page[] = corpusPages.map((page) => {
  const html = decodeHtml(corpusBytes(page), page.contentType);
  return { name: page.name, url: page.url, html, bytes: Buffer.byteLength(html) };
});
const large: Page = (() => {
  const html = largePage(650);
  return { name: 'generated', url: 'https://docs.example.com/reference/all', html, bytes: Buffer.byteLength(html) };
})();
const sets: Record<string, Page[]> = { corpus, 'large page': [large] };

console.log(
  `pages: corpus ${corpus.length} pages, ${kb(sum(corpus.map((p) => p.bytes)))}; large page ${kb(large.bytes)}; ` +
    `${WARMUP_ROUNDS} warm-up + ${ROUNDS} timed rounds, median MB/s (MB = 10^6 bytes of UTF-8 HTML)`,
);

// Converters take turns within each round, in an order that rotates from round to round,
// so that a neighbour's load on this shared machine, or another's garbage, falls on all
// of them alike; ratios to turndown are taken round by round, then their median.
const names = Object.keys(converters);
const peer = 'turndown + gfm';
const rates: Record<string, Record<string, number[]>> = {};
for (const [setName, pages] of Object.entries(sets)) {
  const bytes = sum(pages.map((p) => p.bytes));
  for (const name of names) for (let i = 0; i < WARMUP_ROUNDS; i++) for (const p of pages) converters[name]!(p);
  for (let round = 0; round < ROUNDS; round++) {
    for (let turn = 0; turn < names.length; turn++) {
      const name = names[(round + turn) % names.length]!;
      const start = performance.now();
      for (const p of pages) converters[name]!(p);
      ((rates[name] ??= {})[setName] ??= []).push(bytes / 1e6 / ((performance.now() - start) / 1000));
    }
  }
}

const setNames = Object.keys(sets);
console.log();
console.log(row(['converter', ...setNames.map((s) => `${s} MB/s`), ...setNames.map((s) => `× turndown (${s})`)]));
for (const name of names) {
  const r = rates[name]!;
  const ratio = (s: string) => median(r[s]!.map((rate, round) => rate / rates[peer]![s]![round]!));
  console.log(row([name, ...setNames.map((s) => median(r[s]!).toFixed(2)), ...setNames.map((s) => `${ratio(s).toFixed(1)}×`)]));
}

for (const s of setNames) {
  const r = rates['trawl htmlToMarkdown']!;
  atLeast(`Trawl htmlToMarkdown / turndown (${s}, MB/s)`, median(r[s]!.map((rate, round) => rate / rates[peer]![s]![round]!)), 1);
}

console.log('\nquality checks (✓ = holds)');
const checks = qualityChecks();
console.log(row(['check', ...Object.keys(converters)]));
for (const check of checks) {
  console.log(row([check.name, ...Object.values(converters).map((c) => (check.holds(c) ? '✓' : '✗'))]));
}
const trawlChecks = checks.filter((c) => c.holds(converters['trawl htmlToMarkdown']!)).length;
atLeast('quality checks holding for Trawl htmlToMarkdown (of ' + checks.length + ')', trawlChecks, checks.length, '');

interface Check {
  name: string;
  holds: (convert: Convert) => boolean;
}

function qualityChecks(): Check[] {
  const page = (name: string) => corpus.find((p) => p.name === name) ?? large;
  const outputs = new Map<Convert, Map<string, string>>();
  const out = (convert: Convert, name: string): string => {
    let byPage = outputs.get(convert);
    if (!byPage) outputs.set(convert, (byPage = new Map()));
    if (!byPage.has(name)) byPage.set(name, convert(page(name)));
    return byPage.get(name)!;
  };
  return [
    {
      name: 'table cell with | stays one cell',
      holds: (c) => /\| Industry \\\| commerce \| 17,880 \|/.test(out(c, 'table-heavy')),
    },
    {
      name: 'table rows: every row has its columns',
      holds: (c) => tableRowsIntact(out(c, 'generated')),
    },
    {
      name: 'code fences keep their language (6 blocks)',
      holds: (c) =>
        ['```go', '```python', '```console', '```shell', '```rust', '```diff'].every((f) => out(c, 'code-heavy').includes(f)),
    },
    {
      name: 'code line numbers left out',
      holds: (c) => !/^\s*1\s*$/m.test(out(c, 'code-heavy')) && !out(c, 'code-heavy').includes('123456789'),
    },
    {
      name: '3-level nested list indented',
      holds: (c) => /^- Item one\n {2,4}- Nested \*two\*\n {4,8}- Deep three$/m.test(out(c, 'generated')),
    },
    {
      name: 'no script/style text',
      holds: (c) => corpus.every((p) => !/googletag|MM_swapImage|--wp--preset|adsbygoogle\)/.test(out(c, p.name))),
    },
    {
      name: 'relative links made absolute',
      holds: (c) => out(c, 'docs-page').includes('(https://docs.tidewater.dev/guides/deploy)'),
    },
    {
      name: 'non-UTF-8 page text intact (€, ’)',
      holds: (c) => out(c, 'windows-1252').includes('1,30 €') && out(c, 'windows-1252').includes('l’équipe'),
    },
  ];
}

function tableRowsIntact(md: string): boolean {
  const rows = md.split('\n').filter((l) => l.startsWith('|'));
  if (rows.length === 0) return false;
  // Every row of the generated tables has three cells: four unescaped pipes.
  return rows.every((r) => r.replace(/\\\|/g, '').split('|').length === 5);
}

// A large documentation-like page: navigation and sidebar, then sections with prose,
// a table (one cell holds a pipe), highlighted code, nested and loose lists, images,
// quotes; inline style and script blocks as real pages have.
function largePage(sections: number): string {
  const nav = Array.from({ length: 60 }, (_, i) => `<li><a href="/reference/page-${i}">Reference page ${i}</a></li>`).join('');
  let html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>All reference pages</title>
<meta name="description" content="Every reference page on one page."><style>${'.c{color:#333;margin:0 auto}'.repeat(1500)}</style>
<script>${'window.__data.push({k:1,v:"x"});'.repeat(1500)}</script></head><body>
<header class="site-header"><a href="/">Docs</a><nav><ul>${nav}</ul></nav></header>
<div class="layout"><aside class="sidebar"><ul>${nav}</ul></aside><main><article><h1>All reference pages</h1>`;
  for (let i = 0; i < sections; i++) {
    html += `
<section id="s${i}"><div class="section-wrap"><h2 id="h${i}">Section ${i}: the <code>config.${i}</code> option<a class="headerlink" href="#h${i}">¶</a></h2>
<p>The <strong>config.${i}</strong> option controls how <em>widget ${i}</em> behaves. See <a href="/reference/page-${i % 60}#details">the details</a> and the <a href="https://example.org/spec/${i}">external spec</a>; values are matched with <code>a &lt; b &amp;&amp; c</code> semantics.</p>
<table><thead><tr><th>Value</th><th>Meaning</th><th>Since</th></tr></thead><tbody>
<tr><td><code>on</code></td><td>Enabled, uses a | separated list</td><td>1.${i}</td></tr>
<tr><td><code>off</code></td><td>Disabled</td><td>1.0</td></tr>
<tr><td><code>auto</code></td><td>Decide at run time from <em>load</em></td><td>2.${i}</td></tr></tbody></table>
<pre><code class="language-typescript">export function configure${i}(opts: Options&lt;${i}&gt;): Result {
  if (opts.level &lt; ${i} &amp;&amp; opts.mode === "auto") return { ok: true, value: opts.value * 2 };
  return { ok: false, reason: \`level \${opts.level} is not supported\` };
}</code></pre>
<ul><li>Item one<ul><li>Nested <em>two</em><ul><li>Deep three</li></ul></li></ul></li><li>Item four with <a href="/x/${i}">a link</a></li></ul>
<ol><li><p>First step for ${i}.</p></li><li><p>Second step, with <code>inline_code</code>.</p></li></ol>
<p><img src="/img/diagram-${i}.png" alt="Diagram ${i}" width="640" height="320"></p>
<blockquote><p>Note: section ${i} applies to version 2 and later.</p></blockquote></div></section>`;
  }
  html += `</article></main></div><footer class="site-footer"><ul>${nav}</ul><p>© Example Docs</p></footer></body></html>`;
  return html;
}

function row(cells: string[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(44) : c.padStart(22))).join(' ');
}

function sum(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}

function kb(bytes: number): string {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(2)} MB` : `${(bytes / 1e3).toFixed(0)} KB`;
}
