import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { testDatabaseFor } from '../helpers/postgres.js';
import { run } from '../helpers/process.js';
import { head, rawRequest } from '../helpers/raw-http.js';
import { redisPrefix } from '../helpers/redis.js';
import { TEST_KEY, tempDataDir } from '../helpers/server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('the real server process answers malformed requests itself: none reaches the last-resort handler', { timeout: 240_000 }, async () => {
  const dataDir = tempDataDir();
  const database = await testDatabaseFor(dataDir);
  const proc = run(
    process.execPath,
    ['--import', 'tsx', 'src/main.ts'],
    {
      PORT: '0',
      HOST: '127.0.0.1',
      TRAWL_DATA_DIR: dataDir,
      TRAWL_API_KEY: TEST_KEY,
      ...(database && { DATABASE_URL: database.url }),
      ...(process.env.TRAWL_TEST_REDIS_URL && { REDIS_URL: process.env.TRAWL_TEST_REDIS_URL, TRAWL_REDIS_PREFIX: redisPrefix() }),
    },
    root,
  );
  try {
    // Starting takes long on a loaded machine: a generous wait, no timing asserted.
    const [, url = ''] = await proc.waitFor(/listening on (http:\/\/[\d.]+:\d+)/, 120_000);
    const auth = { authorization: `Bearer ${TEST_KEY}` };
    const multipart = { ...auth, 'content-type': 'multipart/form-data; boundary=----x' };
    const truncated = '------x\r\nContent-Disposition: form-data; name="file"; filename="a.html"\r\nContent-Type: text/html\r\n\r\n<p>never ends';
    const answers = [
      await rawRequest(url, [head('POST', '/v2/parse', { ...multipart, 'content-length': truncated.length }), truncated]),
      await rawRequest(url, [head('POST', '/v2/parse', { ...multipart, 'content-length': 20 }), '------x\r\nContent-Di'], { endAfter: true }).catch(() => null),
      await rawRequest(url, [head('GET', `/v2/crawl/${'a'.repeat(201)}`, auth)]),
      await rawRequest(url, [head('GET', '/v2/team/credit-usage', { ...auth, 'x-big': 'x'.repeat(20_000) })]),
      await rawRequest(url, [head('POST', '/v2/scrape', { ...auth, 'content-type': 'application/json', 'content-length': 200_000 }), '['.repeat(200_000)]),
      await rawRequest(url, ['\x16\x03\x01 not http at all\r\n\r\n']),
    ];
    for (const a of answers) if (a) assert.equal(a.body.success, false, JSON.stringify(a.body));
    const alive = await fetch(`${url}/v2/team/credit-usage`, { headers: auth });
    assert.equal(alive.status, 200, 'the process still serves');
    assert.doesNotMatch(proc.output(), /uncaught exception|unhandled rejection|Unhandled 'error' event/);
  } finally {
    proc.child.kill('SIGKILL');
    await proc.exited;
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
