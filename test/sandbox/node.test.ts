import assert from 'node:assert/strict';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EGRESS_ERROR_HEADER } from '../../src/browser/egress-proxy.js';
import { execute, type ExecuteResult } from '../../src/sandbox/index.js';
import { runNode } from '../../src/sandbox/node.js';
import { OUTPUT_CAP_CHARS, STREAM_CAP_BYTES } from '../../src/sandbox/limits.js';
import { createOfflineEngine } from '../../src/llm/offline/engine.js';
import { startSite, type Site } from '../fixtures/site.js';
import { startTestSession, type TestSession } from './session.js';

// `node` code runs in a child process against a real session Chromium behind the egress
// proxy (127.0.0.1 allowed, every other private address refused). The fixture site is on
// 127.0.0.1: the browser may load it, the child process itself may not reach it.

const PAGE = `<!doctype html><html><head><title>Sandbox Fixture</title></head><body>
<h1>Widgets</h1><button id="go" onclick="document.querySelector('h1').textContent='Clicked'">Go</button>
</body></html>`;

describe('sandbox: node', () => {
  let site: Site;
  let session: TestSession;
  let dataDir: string;
  const llm = createOfflineEngine();
  const run = (code: string, timeoutMs = 20_000): Promise<ExecuteResult> =>
    execute(session, { language: 'node', code, timeoutMs }, { llm });
  // As on hosts that forbid user namespaces: no network namespace, no rlimits.
  const runGuardOnly = (code: string): Promise<ExecuteResult> => runNode(session, { language: 'node', code, timeoutMs: 20_000 }, {});

  before(async () => {
    site = await startSite({ '/': { html: PAGE }, '/other': { html: '<title>Other</title><p>other page</p>' } });
    session = await startTestSession();
    await session.livePage.goto(site.url('/'));
    dataDir = await mkdtemp(path.join(tmpdir(), 'trawl-sandbox-datadir-'));
    await writeFile(path.join(dataDir, 'trawl.db'), 'TOP-SECRET-ROW');
    process.env.TRAWL_SANDBOX_PARENT_SECRET = 'parent-env-secret';
  });

  after(async () => {
    delete process.env.TRAWL_SANDBOX_PARENT_SECRET;
    await session?.close();
    await site?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('gives the code the session page: the title comes back as output, console.log as stdout', async () => {
    const result = await run('console.log("reading", page.url()); return await page.title();');
    assert.equal(result.error, null, result.stderr);
    assert.equal(result.exitCode, 0);
    assert.equal(result.output, 'Sandbox Fixture');
    assert.equal(result.stdout, `reading ${site.url('/')}\n`);
    assert.equal(result.result, result.stdout);
    assert.equal(result.killed, false);
    assert.equal(result.truncated, false);
  });

  it('acts on the same live page: a click made by the code is seen by the session', async () => {
    const result = await run('await page.click("#go"); return { heading: await page.textContent("h1"), pages: context.pages().length };');
    assert.equal(result.exitCode, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.output), { heading: 'Clicked', pages: 1 });
    assert.equal(await session.livePage.textContent('h1'), 'Clicked');
  });

  it('reports a thrown error with a non-zero exit code', async () => {
    const result = await run('throw new TypeError("boom from user code")');
    assert.equal(result.exitCode, 1);
    assert.match(result.error ?? '', /TypeError: boom from user code/);
    assert.match(result.stderr, /boom from user code/);
    assert.doesNotMatch(result.error ?? '', /\/work\/|src\/sandbox/, 'Trawl paths stay out of the error');
  });

  it('kills an infinite loop at the time limit, and the session still works afterwards', async () => {
    const result = await run('while (true) {}', 1_500);
    assert.equal(result.killed, true);
    assert.equal(result.exitCode, 137);
    assert.match(result.stderr, /time limit/);
    const next = await run('return await page.title()');
    assert.equal(next.output, 'Sandbox Fixture');
  });

  it('cuts huge stdout and output at their caps and says so', async () => {
    const printed = await run('const line = "x".repeat(1023); for (let i = 0; i < 3 * 1024; i++) console.log(line); return "done";');
    assert.equal(printed.exitCode, 0, printed.stderr.slice(0, 500));
    assert.equal(printed.truncated, true);
    assert.equal(Buffer.byteLength(printed.stdout), STREAM_CAP_BYTES);
    assert.equal(printed.output, 'done');

    const returned = await run(`return "y".repeat(${OUTPUT_CAP_CHARS * 2});`);
    assert.equal(returned.truncated, true);
    assert.equal(returned.output.length, OUTPUT_CAP_CHARS);
  });

  it("cannot read the server's files: a data-dir file, /etc/passwd, Trawl's own config", async () => {
    for (const file of [path.join(dataDir, 'trawl.db'), '/etc/passwd', path.resolve('package.json')]) {
      for (const code of [
        `return process.mainModule.require("fs").readFileSync(${JSON.stringify(file)}, "utf8")`,
        `const fs = await import("node:fs/promises"); return await fs.readFile(${JSON.stringify(file)}, "utf8")`,
      ]) {
        const result = await run(code);
        assert.notEqual(result.exitCode, 0, `${code} should fail`);
        assert.match(result.error ?? '', /ERR_ACCESS_DENIED|restricted/);
        assert.doesNotMatch(result.output + result.stdout, /TOP-SECRET-ROW|root:|"name"/);
      }
    }
  });

  it('cannot start processes, workers or native code', async () => {
    for (const [code, refusal] of [
      ['return process.mainModule.require("child_process").execSync("id").toString()', /restricted/],
      ['new (process.mainModule.require("worker_threads").Worker)("1", { eval: true })', /restricted/],
      ['return process.binding("tcp_wrap")', /process\.binding/],
      ['process.dlopen({ exports: {} }, "/usr/lib/x86_64-linux-gnu/libc.so.6")', /addon/],
      ['process.kill(process.ppid, "SIGTERM")', /sandbox: signalling a process is not allowed/],
    ] as const) {
      const result = await run(code);
      assert.notEqual(result.exitCode, 0, `${code} should fail`);
      assert.match(result.error ?? '', refusal);
    }
  });

  it("sees none of the server's environment", async () => {
    const result = await run('return process.env');
    assert.equal(result.exitCode, 0, result.stderr);
    const env = JSON.parse(result.output) as Record<string, string>;
    assert.deepEqual(Object.keys(env).sort(), ['HOME', 'TMPDIR']);
    assert.doesNotMatch(result.output, /parent-env-secret/);
  });

  async function assertNoNetwork(runner: (code: string) => Promise<ExecuteResult>): Promise<void> {
    const before = site.connections;
    const attempts = [
      'return await (await fetch("http://10.0.0.1/")).text()',
      `return await (await fetch(${JSON.stringify(site.url('/'))})).text()`,
      `const net = process.mainModule.require("net");
       await new Promise((resolve, reject) => { const s = net.connect(80, "169.254.169.254", resolve); s.on("error", reject); });`,
      `const http = process.mainModule.require("http");
       await new Promise((resolve, reject) => http.get(${JSON.stringify(site.url('/'))}, resolve).on("error", reject));`,
      `const dns = process.mainModule.require("dns");
       return await dns.promises.lookup("example.com")`,
      `const dgram = process.mainModule.require("dgram"); dgram.createSocket("udp4").send("x", 53, "10.0.0.1");`,
      `process.mainModule.require("net").createServer().listen(0)`,
    ];
    for (const code of attempts) {
      const result = await runner(code);
      assert.notEqual(result.exitCode, 0, `${code} should fail`);
      assert.match(result.error ?? '', /sandbox: .* not allowed/, code);
    }
    assert.equal(site.connections, before, 'the fixture site was never reached from the child');

    // On plain Node the setter receives the TCPConnectWrap of any connect, and with it a way
    // to open sockets that no JavaScript check sees; here no connect gets that far.
    const trapped = await runner(`
      const net = process.mainModule.require("net");
      const caught = [];
      const trap = { configurable: true, set(v) { Object.defineProperty(this, "oncomplete", { value: v, writable: true }); caught.push(this); } };
      Object.defineProperty(Object.prototype, "oncomplete", trap);
      try { net.connect(Number(new URL(process.argv[2]).port), "127.0.0.1"); } catch (err) { console.log(err.message); }
      const connectWrap = caught.find((req) => req.constructor.name === "TCPConnectWrap");
      return connectWrap ? "caught TCPConnectWrap" : "nothing caught";
    `);
    assert.equal(trapped.output, 'nothing caught', trapped.stderr);

    // Below net.Server: the native pipe class (reachable from stdout) can bind a Unix socket
    // file anywhere, out of the permission model's sight, and listen on it.
    const socketFile = path.join(dataDir, 'planted.sock');
    const planted = await runner(`
      const Pipe = process.stdout._handle.constructor;
      const pipe = new Pipe(1);
      const code = pipe.bind(${JSON.stringify(socketFile)});
      return "bound " + code + ", listening " + pipe.listen(5);
    `);
    assert.notEqual(planted.exitCode, 0, planted.output);
    assert.match(planted.error ?? '', /sandbox: listening on a socket is not allowed/);
    await assert.rejects(stat(socketFile), { code: 'ENOENT' });
  }

  it('reaches no network itself: private, metadata and even the allowed fixture address fail', async () => {
    await assertNoNetwork(run);
  });

  it('reaches no network on the permission model and the guard alone (hosts without namespaces)', async () => {
    const title = await runGuardOnly('return await page.title()');
    assert.equal(title.exitCode, 0, title.stderr);
    await assertNoNetwork(runGuardOnly);
  });

  it("leaves page loads to the browser's egress guard: metadata refused, the fixture allowed", async () => {
    const refused = await run(`
      const response = await page.goto("http://169.254.169.254/latest/meta-data/");
      return { status: response.status(), egress: response.headers()[${JSON.stringify(EGRESS_ERROR_HEADER)}] ?? null, body: await response.text() };
    `);
    assert.equal(refused.exitCode, 0, refused.stderr);
    const answer = JSON.parse(refused.output) as { status: number; egress: string | null; body: string };
    assert.equal(answer.status, 403);
    assert.equal(answer.egress, 'EGRESS_BLOCKED_ADDRESS');
    assert.match(answer.body, /cloud-metadata|not allowed|refused/i);

    const allowed = await run(`await page.goto(${JSON.stringify(site.url('/other'))}); return await page.title();`);
    assert.equal(allowed.output, 'Other');
  });

  it('cannot make the browser read server files either (file: URLs are refused)', async () => {
    const result = await run('await page.goto("file:///etc/passwd"); return await page.content();');
    assert.notEqual(result.exitCode, 0);
    assert.doesNotMatch(result.output, /root:/);
  });
});
