import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** Ways an answer's status used to be written by hand at a throw site. */
const LITERAL_STATUS = [
  // new ApiError(404, …)
  /new\s+\w*Error\(\s*[1-5]\d\d\s*,/,
  // new ScrapeError('SCRAPE_TIMEOUT', 'Scrape timed out', 408), also over several lines
  /new\s+\w*Error\((?:[^()]|\([^()]*\))*?,\s*[1-5]\d\d\s*,?\s*\)/,
  // { status: 409 } handed to an error
  /Error\([^;]*\bstatus:\s*[1-5]\d\d\b/,
  // the old per-status helpers
  /\b(badRequest|unauthorized|paymentRequired|notFound|conflict|tooManyRequests)\(/,
  // an error answer written straight to the reply or socket
  /\.code\(\s*[45]\d\d\s*\)/,
  /refuse\(\s*\w+\s*,\s*[45]\d\d\b/,
];

/** The MCP endpoint answers in JSON-RPC's error shape, which its clients read, not in §1.7's. */
const NOT_THE_ENVELOPE = new Set(['mcp/http-endpoint.ts']);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return p === path.join(SRC, 'errors') ? [] : sources(p);
    return e.name.endsWith('.ts') && !NOT_THE_ENVELOPE.has(path.relative(SRC, p)) ? [p] : [];
  });
}

test('no file in src outside src/errors builds an error from a literal status: each names its code in the registry', () => {
  const found: string[] = [];
  for (const file of sources(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const re of LITERAL_STATUS) {
      for (const m of text.matchAll(new RegExp(re.source, 'g'))) {
        found.push(`${path.relative(SRC, file)}:${text.slice(0, m.index).split('\n').length}: ${m[0].replace(/\s+/g, ' ')}`);
      }
    }
  }
  assert.deepEqual(found, []);
});

test('the check sees a literal status where one is written', () => {
  assert.ok(LITERAL_STATUS.some((re) => re.test("throw new ApiError(409, 'Idempotency key already used');")));
  assert.ok(LITERAL_STATUS.some((re) => re.test("throw new TrawlError('CONFLICT', 'busy', { status: 423 });")));
  assert.ok(LITERAL_STATUS.some((re) => re.test("throw new ScrapeError(\n  'SCRAPE_SITE_ERROR',\n  `The site could not be fetched: ${err.message}`,\n  500,\n);")));
  assert.ok(!LITERAL_STATUS.some((re) => re.test("throw new TrawlError('CONFLICT', 'Idempotency key already used');")));
});

test('code below the edge throws without knowing HTTP: only src/http imports its error mapping', () => {
  const reaching = sources(SRC)
    .filter((file) => !path.relative(SRC, file).startsWith('http/'))
    .filter((file) => /from '[./]*\/?http\/errors\.js'/.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(SRC, file));
  assert.deepEqual(reaching, []);
});
