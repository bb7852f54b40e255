import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createOfflineEngine } from '../../src/llm/offline/engine.js';
import { execute, type ExecuteResult } from '../../src/sandbox/index.js';
import { startSite, type Site } from '../fixtures/site.js';
import { startTestSession, type TestSession } from './session.js';

const HOME = `<!doctype html><html><head><title>Shop Home</title></head><body>
<nav><a href="/">Home</a></nav>
<main><h1>Welcome to the shop</h1>
<p>Our finest <strong>widgets</strong>.</p>
<a id="catalog" href="/catalog">See the catalog</a>
<form action="/search"><input id="q" name="q" aria-label="Search"><button id="search-btn">Search</button></form>
</main></body></html>`;

const CATALOG = `<!doctype html><html><head><title>Catalog</title></head><body>
<h1>Catalog</h1><ul><li>Blue widget — $12</li><li>Red widget — $15</li></ul>
<button id="more" onclick="document.getElementById('extra').hidden = false">Show more</button>
<p id="extra" hidden>Green widget — $20</p>
</body></html>`;

describe('sandbox: bash vocabulary', () => {
  let site: Site;
  let session: TestSession;
  const llm = createOfflineEngine();
  const run = (code: string, timeoutMs = 20_000): Promise<ExecuteResult> =>
    execute(session, { language: 'bash', code, timeoutMs }, { llm });

  before(async () => {
    site = await startSite({
      '/': { html: HOME },
      '/catalog': { html: CATALOG },
      '/search': (req, res) => {
        const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '';
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<title>Results</title><p id="results">Results for ${q.replace(/[<>&]/g, '')}</p>`);
      },
    });
    session = await startTestSession();
  });

  beforeEach(async () => {
    await session.livePage.goto('about:blank');
  });

  after(async () => {
    await session?.close();
    await site?.close();
  });

  it('opens a page, clicks through, and reads it back as a snapshot and as markdown', async () => {
    const result = await run(`
      # comments and blank lines are skipped
      open ${site.url('/')}

      click '#catalog'
      wait h1
      click "text=Show more"
      url
      title
      snapshot
      scrape
    `);
    assert.equal(result.exitCode, 0, result.stderr);
    assert.equal(result.error, null);
    const [opened, url, title, ...rest] = result.stdout.split('\n');
    assert.equal(opened, `${site.url('/')} (200)`);
    assert.equal(url, site.url('/catalog'));
    assert.equal(title, 'Catalog');
    const text = rest.join('\n');
    assert.match(text, /heading "Catalog"/, 'the snapshot names the heading');
    assert.match(text, /button "Show more"/);
    assert.match(text, /# Catalog/, 'the scrape is markdown');
    assert.match(text, /Green widget — \$20/, 'the click revealed the hidden item');
    assert.equal(result.output, result.stdout);
    assert.equal(await session.livePage.title(), 'Catalog', 'the session page is where the script left it');
  });

  it('types into a form and submits it with a key press; quoting keeps spaces', async () => {
    const result = await run(`open ${site.url('/')}\nfill '#q' "blue   widgets"\npress Enter\nwait '#results'\ntext '#results'`);
    assert.equal(result.exitCode, 0, result.stderr);
    assert.match(result.stdout, /Results for blue widgets\n$/);
    const typed = await run(`open ${site.url('/')}\ntype '#q' 'a && b'\neval 'document.querySelector("#q").value'`);
    assert.equal(typed.exitCode, 0, typed.stderr);
    assert.match(typed.stdout, /\na && b\n$/);
  });

  it('runs JavaScript in the page and prints values (strings as is, the rest as JSON)', async () => {
    const result = await run(`open ${site.url('/catalog')}\neval document.title\neval 'return [...document.querySelectorAll("li")].length'`);
    assert.equal(result.exitCode, 0, result.stderr);
    assert.match(result.stdout, /\nCatalog\n2\n$/);
  });

  it('takes a screenshot as a PNG data URL', async () => {
    const result = await run(`open ${site.url('/')}\nscreenshot`);
    assert.equal(result.exitCode, 0, result.stderr);
    const dataUrl = result.stdout.split('\n')[1]!;
    assert.match(dataUrl, /^data:image\/png;base64,/);
    const png = Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
    assert.deepEqual([...png.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  });

  it('is not a shell: unknown commands and shell syntax are errors, and nothing before them runs', async () => {
    const unknown = await run(`open ${site.url('/catalog')}\nrm -rf /`);
    assert.equal(unknown.exitCode, 127);
    assert.match(unknown.stderr, /line 2: unknown command "rm"/);
    assert.equal(unknown.stdout, '');
    assert.equal(session.livePage.url(), 'about:blank', 'the script was refused as a whole');

    const chained = await run(`open ${site.url('/')} && title`);
    assert.equal(chained.exitCode, 2);
    assert.match(chained.stderr, /not a shell/);

    const unterminated = await run(`click "#catalog`);
    assert.equal(unterminated.exitCode, 2);
    assert.match(unterminated.stderr, /unterminated double quote/);

    const usage = await run('type only-a-selector');
    assert.equal(usage.exitCode, 2);
    assert.match(usage.stderr, /usage: type SELECTOR TEXT/);
  });

  it('stops at the first failing command and names it', async () => {
    const result = await run(`open ${site.url('/')}\nclick '#no-such-thing'\ntitle`, 12_000);
    assert.equal(result.exitCode, 1);
    assert.match(result.stderr, /^line 2: click: /);
    assert.doesNotMatch(result.stdout, /Shop Home/, 'title after the failure did not run');
  });

  it('opens only http(s) URLs, and the egress guard refuses private addresses', async () => {
    const file = await run('open file:///etc/passwd');
    assert.equal(file.exitCode, 1);
    assert.match(file.stderr, /only http and https/);

    const metadata = await run('open http://169.254.169.254/latest/meta-data/');
    assert.equal(metadata.exitCode, 1);
    assert.match(metadata.stderr, /refused \(EGRESS_BLOCKED_ADDRESS\)/);
  });

  it('stops at the time limit with killed: true', async () => {
    const result = await run('wait 10000\ntitle', 1_000);
    assert.equal(result.killed, true);
    assert.equal(result.exitCode, 137);
    assert.match(result.stderr, /line 1: wait: stopped at the time limit/);
  });
});
