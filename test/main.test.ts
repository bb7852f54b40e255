import assert from 'node:assert/strict';
import fs from 'node:fs';
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
