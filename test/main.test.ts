import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import { describe, test } from 'node:test';
import { run } from './helpers/process.js';
import { TEST_KEY, tempDataDir } from './helpers/server.js';

describe('the README start command (npm start)', () => {
  test('starts the whole service, answers token usage with the bootstrap key, and stops on SIGTERM', async () => {
    const dataDir = tempDataDir();
    const p = run('npm', ['start', '--silent'], {
      PORT: '0',
      HOST: '127.0.0.1',
      TRAWL_DATA_DIR: dataDir,
      TRAWL_API_KEY: TEST_KEY,
    });
    let url = '';
    try {
      [, url = ''] = await p.waitFor(/listening on (http:\/\/[\d.]+:\d+)/, 60_000);
      const res = await fetch(`${url}/v2/team/token-usage`, { headers: { authorization: `Bearer ${TEST_KEY}` } });
      assert.equal(res.status, 200);
      const body = (await res.json()) as any;
      assert.equal(body.success, true);
      assert.equal(typeof body.data.remainingTokens, 'number');
      assert.ok(fs.existsSync(`${dataDir}/trawl.sqlite`), 'state lives in the data directory');
    } finally {
      // npm does not pass signals on to the server; a terminal or a service
      // manager signals the whole process group, so the test does too.
      p.signalGroup('SIGTERM');
    }
    await p.exited;
    await p.waitFor(/SIGTERM: shutting down/, 10_000).catch(() => {});
    assert.match(p.output(), /SIGTERM: shutting down/);
    for (let i = 0; i < 50; i++) {
      const alive = await fetch(url).then(() => true, () => false);
      if (!alive) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.fail('the server still answers after SIGTERM');
  });

  test('refuses to start on a bad setting, naming it', async () => {
    const p = run('npm', ['start', '--silent'], { PORT: 'abc', TRAWL_DATA_DIR: tempDataDir() });
    const code = await p.exited;
    assert.notEqual(code, 0);
    assert.match(p.output(), /PORT must be a whole number/);
  });
});

describe('start-up safety (node src/main.ts)', () => {
  const start = (env: Record<string, string>) =>
    // HOST '' is how a shell says "unset": the default applies, whatever this test runner's environment holds.
    run(process.execPath, ['--import', 'tsx', 'src/main.ts'], { PORT: '0', HOST: '', TRAWL_DATA_DIR: tempDataDir(), ...env });

  test('without HOST it listens on loopback only: other interfaces of this machine are refused', async (t) => {
    const p = start({ TRAWL_API_KEY: TEST_KEY });
    try {
      const [, url = ''] = await p.waitFor(/listening on (http:\/\/[\d.]+:\d+)/, 60_000);
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.equal((await fetch(url)).ok, true);
      const other = Object.values(os.networkInterfaces())
        .flat()
        .find((i) => i && !i.internal && i.family === 'IPv4');
      if (!other) return t.skip('this machine has no non-loopback IPv4 interface');
      const port = new URL(url).port;
      await assert.rejects(fetch(`http://${other.address}:${port}/`), 'nothing answers on a non-loopback address');
    } finally {
      p.child.kill('SIGTERM');
      await p.exited;
    }
  });

  test('refuses HOST=0.0.0.0 with the README sample key, in one line, exit code 1', async () => {
    const p = start({ HOST: '0.0.0.0', TRAWL_API_KEY: TEST_KEY });
    assert.equal(await p.exited, 1);
    assert.match(p.output(), /HOST: refusing to listen on 0\.0\.0\.0: an API key is the sample key from the README .*TRAWL_ALLOW_INSECURE_EXPOSURE=1/);
    assert.doesNotMatch(p.output(), /listening on/);
  });

  test('refuses HOST=0.0.0.0 with TRAWL_AUTH=off unless TRAWL_ALLOW_INSECURE_EXPOSURE=1', async () => {
    const refused = start({ HOST: '0.0.0.0', TRAWL_AUTH: 'off' });
    assert.equal(await refused.exited, 1);
    assert.match(refused.output(), /refusing to listen on 0\.0\.0\.0 with TRAWL_AUTH=off/);

    const allowed = start({ HOST: '0.0.0.0', TRAWL_AUTH: 'off', TRAWL_ALLOW_INSECURE_EXPOSURE: '1' });
    try {
      const [, url = ''] = await allowed.waitFor(/listening on (http:\/\/[\d.]+:\d+)/, 60_000);
      assert.equal((await fetch(`${url}/v2/team/token-usage`)).status, 200, 'auth is off as asked');
    } finally {
      allowed.child.kill('SIGTERM');
      await allowed.exited;
    }
  });
});

describe('start-up banner and request logs (node src/main.ts)', () => {
  const start = (env: Record<string, string>) =>
    run(process.execPath, ['--import', 'tsx', 'src/main.ts'], { PORT: '0', HOST: '127.0.0.1', TRAWL_DATA_DIR: tempDataDir(), TRAWL_API_KEY: TEST_KEY, ...env });

  test('pretty: a banner naming address, auth, storage, queue, LLM, search and Chromium, then one line per request', async () => {
    const p = start({ TRAWL_LOG_FORMAT: 'pretty' });
    try {
      const [, url = ''] = await p.waitFor(/listening on (http:\/\/[\d.]+:\d+)/, 60_000);
      await p.waitFor(/Chromium /);
      const out = p.output();
      assert.match(out, /listening on http:\/\/127\.0\.0\.1:\d+ \(this machine only: set HOST to listen on other addresses\)/);
      assert.match(out, /^  auth +API keys \(TRAWL_API_KEY, keys from `trawl keys create`\)$/m);
      assert.match(out, /^  storage +SQLite in \/|^  storage +PostgreSQL postgres:/m);
      assert.match(out, /^  queue +(in this process|Redis redis:)/m);
      assert.match(out, /^  LLM +offline engine \(set TRAWL_LLM_BASE_URL/m);
      assert.match(out, /^  search +local index/m);
      assert.match(out, /^  Chromium +(\/\S+|not found: )/m);

      const res = await fetch(`${url}/v2/team/token-usage?x=1`, { headers: { authorization: `Bearer ${TEST_KEY}` } });
      assert.equal(res.status, 200);
      await p.waitFor(/GET \/v2\/team\/token-usage 200 \d+ms/);
      assert.equal(p.output().match(/token-usage/g)?.length, 1, 'one line for the request');
      assert.doesNotMatch(p.output(), /^\{/m, 'no JSON lines');
    } finally {
      p.child.kill('SIGTERM');
      await p.exited;
    }
  });

  test('not a terminal: JSON lines, the banner as one record with the same facts, one record per request', async () => {
    const p = start({ TRAWL_LOG_FORMAT: '' });
    try {
      const [, url = ''] = await p.waitFor(/listening on (http:\/\/[\d.]+:\d+)/, 60_000);
      await fetch(`${url}/v2/team/token-usage`, { headers: { authorization: `Bearer ${TEST_KEY}` } });
      await p.waitFor(/"msg":"GET \/v2\/team\/token-usage 200 \d+ms"/);
      const records = p
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l));
      const banner = records.find((r) => /^Trawl \S+ listening on/.test(r.msg));
      assert.ok(banner, p.output());
      for (const field of ['auth', 'storage', 'queue', 'LLM', 'search', 'Chromium']) assert.equal(typeof banner[field], 'string', field);
      const requests = records.filter((r) => r.req?.url === '/v2/team/token-usage');
      assert.equal(requests.length, 1, 'one record per request');
      assert.equal(requests[0].res.statusCode, 200);
      assert.equal(typeof requests[0].responseTime, 'number');
    } finally {
      p.child.kill('SIGTERM');
      await p.exited;
    }
  });
});
