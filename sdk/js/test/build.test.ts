import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { startSite, type Site } from '../../../test/fixtures/site.js';
import { startTestServer, type TestServer } from '../../../test/helpers/server.js';
import { VERSION } from '../src/index.js';
// @ts-expect-error: a plain .mjs script without declarations
import { build } from '../scripts/build.mjs';

const sdkRoot = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(sdkRoot, 'package.json'), 'utf8'));

describe('@trawl/sdk: the built package', () => {
  let s: TestServer;
  let site: Site;
  let out: string;

  before(async () => {
    // Inside the package, so the bundles resolve the optional `ws` as an installed package would.
    out = await build(fs.mkdtempSync(path.join(sdkRoot, '.trawl-test-build-')));
    site = await startSite({ '/': { html: '<html><body><h1>Built</h1><a href="/two">two</a></body></html>' }, '/two': { html: '<h1>Two</h1>' } });
    s = await startTestServer();
  });
  after(async () => {
    await s.close();
    await site.close();
    fs.rmSync(out, { recursive: true, force: true });
  });

  test('package.json points at files the build makes, and names the version the code sends', () => {
    assert.equal(pkg.version, VERSION);
    const targets = [pkg.main, pkg.module, pkg.types, ...Object.values(pkg.exports['.']).flatMap((c: any) => [c.types, c.default])];
    for (const t of targets) assert.ok(fs.existsSync(path.join(out, path.relative('./dist', t))), `${t} is built`);
    assert.deepEqual(Object.keys(pkg.dependencies ?? {}), [], 'no runtime dependencies');
  });

  test('its declarations type-check for both an ESM and a CommonJS consumer', () => {
    const consumer = path.join(out, 'consumer');
    const installed = path.join(consumer, 'node_modules/@trawl/sdk');
    fs.mkdirSync(installed, { recursive: true });
    fs.copyFileSync(path.join(sdkRoot, 'package.json'), path.join(installed, 'package.json'));
    fs.symlinkSync(out, path.join(installed, 'dist'));
    fs.writeFileSync(
      path.join(consumer, 'esm.mts'),
      "import Trawl, { type CrawlJob, TrawlError } from '@trawl/sdk';\n" +
        "const job: Promise<CrawlJob> = new Trawl().crawl('https://example.com', { limit: 1, pollInterval: 1 });\n" +
        'export const e: typeof TrawlError = TrawlError;\nvoid job;\n',
    );
    fs.writeFileSync(
      path.join(consumer, 'cjs.cts'),
      "import { Trawl, type Document } from '@trawl/sdk';\n" +
        "export const doc: Promise<Document> = new Trawl({ apiUrl: 'http://localhost:3002' }).scrape('https://example.com');\n",
    );
    const wrong = "import { Trawl } from '@trawl/sdk';\nexport const n: number = new Trawl().scrape('https://example.com');\n";
    fs.writeFileSync(path.join(consumer, 'wrong.mts'), wrong);
    const bin = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');
    const flags = ['--ignoreConfig', '--noEmit', '--strict', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--lib', 'ES2023,DOM', '--types', ''];
    const tsc = (files: string[]) => spawnSync(process.execPath, [bin, ...flags, ...files], { cwd: consumer, encoding: 'utf8' });
    const ok = tsc(['esm.mts', 'cjs.cts']);
    assert.equal(ok.status, 0, ok.stdout + ok.stderr);
    const bad = tsc(['wrong.mts']);
    assert.match(bad.stdout, /Type 'Promise<Document>' is not assignable to type 'number'/, 'the types are real, not any');
  });

  for (const flavour of ['cjs', 'esm'] as const) {
    test(`the ${flavour} bundle loads and talks to Trawl, sockets included`, async () => {
      const mod =
        flavour === 'cjs' ? createRequire(import.meta.url)(path.join(out, 'index.cjs')) : await import(pathToFileURL(path.join(out, 'index.js')).href);
      assert.equal(mod.default, mod.Trawl);
      const trawl = new mod.Trawl({ apiUrl: s.url, apiKey: s.key });
      const doc = await trawl.scrape(site.url('/'));
      assert.match(doc.markdown, /# Built/);

      const bad = await new mod.Trawl({ apiUrl: s.url, apiKey: 'nope' }).getConcurrency().catch((e: unknown) => e);
      assert.ok(bad instanceof mod.UnauthorizedError && bad instanceof mod.TrawlError);

      const { id } = await trawl.startCrawl(site.url('/'), { sitemap: 'skip' });
      const w = trawl.watcher(id, { transport: 'websocket', timeout: 30 });
      const urls: string[] = [];
      w.on('document', (d: any) => urls.push(d.metadata.url));
      await w.start();
      const end = await w.wait();
      assert.equal(end.status, 'completed');
      assert.deepEqual(urls.sort(), [site.url('/'), site.url('/two')]);
    });
  }
});
