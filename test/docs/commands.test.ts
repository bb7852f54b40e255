import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { PRODUCT_SCHEMA, shopRoutes } from '../extract/pages.js';
import { makePdf, SAMPLE_BLOCKS } from '../fixtures/documents/index.js';
import { startSite, type Site } from '../fixtures/site.js';
import { run } from '../helpers/process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Every shell command in README.md and docs/*.md runs, as a reader would paste it,
 * against a real test server. The convention, for whoever writes docs:
 *
 * - A fenced block whose info string is `sh`, `bash` or `shell` is run with
 *   `bash -e -o pipefail` and must exit 0. Its output is not compared: the
 *   feature's own tests pin behaviour; this one pins that the commands still work
 *   (flags exist, files are where the text says, the steps chain).
 * - `sh no-run` marks a block that cannot run here (installs, `npm start` and
 *   `npm test` — test/main.test.ts starts the server the README way —, other
 *   machines' services). Say in the text around it what it needs.
 * - Every other fence must name its language (`ts`, `json`, `text`, `dotenv`, …),
 *   so no command hides in an unlabelled block.
 *
 * Before a block runs, the placeholders readers replace are replaced:
 * `http://localhost:3002` is the test server, `https://example.com` a fixture site
 * on 127.0.0.1 (a shop under /products/, 404 for unknown paths), `/path/to/trawl` this
 * checkout, `~/my-project` an empty folder. `trawl` is on PATH, TRAWL_API_URL and
 * TRAWL_API_KEY (the README's sample key) name the server, and the working folder
 * holds the files the examples name (schema.json, report.pdf).
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const SHELLS = new Set(['sh', 'bash', 'shell']);

interface Block {
  file: string;
  line: number;
  lang: string;
  runnable: boolean;
  body: string;
}

/** Fenced blocks, also those indented inside list items (their indent is removed). */
function blocksOf(file: string): Block[] {
  const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( *)```(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const [lang = '', ...flags] = open[2]!.trim().split(/\s+/);
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !/^ *```\s*$/.test(lines[j]!)) body.push(lines[j++]!.slice(indent));
    blocks.push({ file, line: i + 1, lang, runnable: SHELLS.has(lang) && !flags.includes('no-run'), body: body.join('\n') });
    i = j;
  }
  return blocks;
}

const files = ['README.md', ...fs.readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
const blocks = files.flatMap(blocksOf);

describe('the commands in README.md and docs/ run', () => {
  let s: TestServer;
  let site: Site;
  let work: string;
  let bin: string;

  before(async () => {
    site = await startSite({
      '/': { html: '<html><head><title>Example</title></head><body><h1>Example</h1><p>Boats and nets.</p><a href="/products">Products</a></body></html>' },
      ...shopRoutes(),
    });
    s = await startTestServer();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-docs-'));
    fs.writeFileSync(path.join(work, 'schema.json'), JSON.stringify(PRODUCT_SCHEMA));
    fs.writeFileSync(path.join(work, 'report.pdf'), await makePdf({ title: 'Report', pages: [SAMPLE_BLOCKS] }));
    bin = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-bin-'));
    fs.writeFileSync(path.join(bin, 'trawl'), `#!/bin/sh\nexec "${process.execPath}" "${path.join(root, 'bin/trawl.js')}" "$@"\n`, { mode: 0o755 });
  });
  after(async () => {
    await s.close();
    await site.close();
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(bin, { recursive: true, force: true });
  });

  test('every fence names its language, and there are commands to run', () => {
    const unlabelled = blocks.filter((b) => !b.lang).map((b) => `${b.file}:${b.line}`);
    assert.deepEqual(unlabelled, [], 'label these fences (sh, sh no-run, text, …)');
    assert.ok(blocks.filter((b) => b.runnable).length >= 5, 'the docs have runnable commands');
  });

  for (const block of blocks.filter((b) => b.runnable)) {
    test(`${block.file}:${block.line}`, async () => {
      const project = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-project-'));
      try {
        const script = block.body
          .replaceAll('http://localhost:3002', s.url)
          .replaceAll('https://example.com', site.url('/').replace(/\/$/, ''))
          .replaceAll('/path/to/trawl', root.replace(/\/$/, ''))
          .replaceAll('~/my-project', project);
        const p = run('bash', ['-e', '-o', 'pipefail', '-c', script], {
          ...s.storageEnv,
          PATH: `${bin}:${process.env.PATH}`,
          TRAWL_API_URL: s.url,
          TRAWL_API_KEY: s.key,
          TRAWL_LOG_LEVEL: 'silent',
        }, work);
        const code = await p.exited;
        assert.equal(code, 0, `${block.file}:${block.line} failed:\n${script}\n--- output ---\n${p.output()}`);
      } finally {
        fs.rmSync(project, { recursive: true, force: true });
      }
    });
  }
});
