import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const src = join(root, 'src');

/** The import graph of src, type-only imports included: a circle through types still ties the folders together. */
async function graph(): Promise<Awaited<ReturnType<typeof madge>>> {
  const { compilerOptions } = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as { compilerOptions: object };
  // The options as an object, not a path: madge would read a path with the project's own
  // TypeScript (7, which has no JS API); its resolver parses them with the TypeScript 5 it carries.
  return madge(src, {
    fileExtensions: ['ts'],
    tsConfig: { compilerOptions },
    detectiveOptions: { ts: { skipTypeImports: false } },
  });
}

const result = graph();

test('src has no import circle', async () => {
  const res = await result;
  assert.equal(res.warnings().skipped.length, 0, `madge could not resolve: ${res.warnings().skipped.join(', ')}`);
  assert.ok(Object.keys(res.obj()).length > 100, 'madge read the source tree');
  const circles = res.circular();
  assert.deepEqual(circles.map((c) => c.join(' -> ')), [], `${circles.length} import circle(s) in src`);
});

// The HTTP layer sits at the edge: features may name the route types (RouteSpec, and UpgradeHandler for
// websockets), nothing else of it: the errors they throw live in src/errors.
const EDGE = new Set(['routes.ts', 'server.ts', 'main.ts']);
const OPEN_TO_FEATURES = new Set(['http/route.ts', 'http/upgrades.ts']);

test('only the edge imports src/http beyond the route types', async () => {
  const res = await result;
  const reaching: string[] = [];
  for (const [file, deps] of Object.entries(res.obj())) {
    if (file.startsWith('http/') || EDGE.has(file)) continue;
    for (const dep of deps) if (dep.startsWith('http/') && !OPEN_TO_FEATURES.has(dep)) reaching.push(`${file} -> ${dep}`);
  }
  assert.deepEqual(reaching, []);
});
