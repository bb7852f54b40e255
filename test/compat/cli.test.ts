import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Site } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { clientEnv, outboundConnections, ROOT, startHarbour } from './harbour.js';
import { type Recorder, startRecorder } from './recorder.js';

// The published firecrawl-cli (pinned in package.json), run as a user runs it: the API URL and
// key in FIRECRAWL_API_URL / FIRECRAWL_API_KEY, each command with no options beyond what it needs.
const CLI = path.join(ROOT, 'node_modules', 'firecrawl-cli', 'dist', 'index.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe('firecrawl-cli against Trawl', () => {
  let s: TestServer;
  let site: Site;
  let recorder: Recorder;
  let home: string;

  /** One CLI command in a fresh working directory of its own (it writes .firecrawl/ there). */
  const cli = (...args: string[]): Promise<Run> =>
    new Promise((resolve) => {
      execFile(process.execPath, [CLI, ...args], { cwd: home, env: clientEnv(recorder.url, s.key, home), timeout: 120_000 }, (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
      });
    });
  const succeeds = async (...args: string[]): Promise<Run> => {
    const r = await cli(...args);
    assert.equal(r.code, 0, `firecrawl ${args.join(' ')} exited ${r.code}:\n${r.stdout}\n${r.stderr}`);
    return r;
  };
  const stdout = async (...args: string[]): Promise<string> => (await succeeds(...args)).stdout;

  before(async () => {
    [s, site] = await Promise.all([startTestServer({ TRAWL_RATE_LIMITS: 'off' }), startHarbour()]);
    recorder = await startRecorder(s.url);
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-compat-cli-'));
  });
  after(async () => {
    await Promise.all([s?.close(), site?.close(), recorder?.close()]);
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  test('scrape prints the page as markdown', async () => {
    const out = await stdout('scrape', site.url('/boats'));
    assert.match(out, /^# Boats$/m);
    assert.match(out, /Trawlers and dinghies moored in the harbour\./);
  });

  test('scrape -Q asks a question of the page (the query format) and prints the answer', async () => {
    const out = await stdout('scrape', site.url('/nets'), '-Q', 'Who mends the gillnets?');
    const sent = recorder.exchanges.filter((e) => e.path === '/v2/scrape').at(-1)!;
    assert.deepEqual(sent.body.formats, ['markdown', { type: 'query', prompt: 'Who mends the gillnets?' }]);
    assert.match(sent.answer.data.answer, /mended by hand/);
    // The CLI prints the answer alone, not the page.
    assert.ok(out.includes(sent.answer.data.answer), out);
    assert.doesNotMatch(out, /^# Nets/m);
  });

  test('scrape of several URLs saves each page under .firecrawl/', async () => {
    // Its progress report goes to stderr.
    const { stderr } = await succeeds('scrape', site.url('/boats'), site.url('/fish'));
    assert.match(stderr, /Completed: 2\/2 succeeded/);
    assert.match(fs.readFileSync(path.join(home, '.firecrawl', '127.0.0.1-fish.md'), 'utf8'), /Mackerel, herring/);
  });

  test('crawl --wait prints the finished crawl; crawl <id> prints its status', async () => {
    const job = JSON.parse(await stdout('crawl', site.url('/'), '--wait', '--poll-interval', '1'));
    assert.equal(job.status, 'completed');
    const titles = (data: { metadata: { title: string } }[]) => data.map((d) => d.metadata.title).sort();
    assert.deepEqual(titles(job.data), ['Boats', 'Fish', 'Harbour home', 'Nets']);
    const again = JSON.parse(await stdout('crawl', job.id));
    assert.deepEqual([again.id, again.status, again.completed, again.total], [job.id, 'completed', 4, 4]);
  });

  test('map lists the site’s URLs, one a line', async () => {
    const out = await stdout('map', site.url('/'));
    assert.deepEqual(out.trim().split('\n').sort(), ['/', '/boats', '/fish', '/nets'].map((p) => site.url(p)).sort());
  });

  test('search finds a page Trawl has read', async () => {
    await stdout('scrape', site.url('/fish'));
    const res = JSON.parse(await stdout('search', 'mackerel herring', '--json'));
    assert.equal(res.success, true);
    assert.ok(res.data.web.some((r: { url: string }) => r.url === site.url('/fish')), JSON.stringify(res));
  });

  test('parse turns a local file into markdown', async () => {
    fs.writeFileSync(path.join(home, 'tide-table.html'), '<html><body><h1>Tide table</h1><p>High water at 06:12.</p></body></html>');
    const out = await stdout('parse', 'tide-table.html');
    assert.match(out, /^# Tide table$/m);
    assert.match(out, /High water at 06:12\./);
  });

  test('agent --wait runs the agent to its end and prints the result', async () => {
    const out = await stdout('agent', 'Which fish are named on this page?', '--urls', site.url('/fish'), '--wait', '--poll-interval', '1');
    assert.match(out, /^Status: completed$/m);
    assert.match(out, /"title": "Fish"/);
  });

  test('credit-usage shows the team’s balance', async () => {
    const out = await stdout('credit-usage');
    assert.match(out, /^Remaining Credits: [\d,]+$/m);
  });

  test('every command talked to Trawl only (no update check, no telemetry), and Trawl refused none of its requests', () => {
    assert.deepEqual(outboundConnections(home), []);
    assert.ok(recorder.exchanges.length > 0);
    assert.deepEqual(recorder.exchanges.filter((e) => e.status >= 400), []);
  });
});
