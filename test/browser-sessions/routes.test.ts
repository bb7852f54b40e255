import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('browser session routes', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  test('the /v2/interact aliases open, list, run in and destroy the same sessions', async () => {
    const created = await s.api('POST', '/v2/interact', { ttl: 60 });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const id = created.body.id as string;
    const listed = await s.api('GET', '/v2/interact?status=active');
    assert.ok(listed.body.sessions.some((x: { id: string }) => x.id === id));
    const ran = await s.api('POST', `/v2/interact/${id}/execute`, { code: 'url', language: 'bash' });
    assert.equal(ran.status, 200, JSON.stringify(ran.body));
    assert.equal(ran.body.stdout.trim(), 'about:blank');
    const first = await s.api('DELETE', `/v2/interact/${id}`);
    assert.equal(first.body.status, 'destroyed');
    const again = await s.api('DELETE', `/v2/browser/${id}`);
    assert.equal(again.status, 200, 'deleting an ended session reports it again');
    assert.equal(again.body.creditsBilled, first.body.creditsBilled);
    assert.equal(again.body.sessionDurationMs, first.body.sessionDurationMs);
  });

  test('bad bodies are 400 and unknown sessions 404, in the JSON envelope', async () => {
    const short = await s.api('POST', '/v2/browser', { ttl: 5 });
    assert.equal(short.status, 400);
    assert.equal(short.body.success, false);
    const missing = await s.api('POST', '/v2/browser/5c1a4b8e-0000-4000-8000-000000000000/execute', { code: 'title' });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error, 'Browser session not found.');
    const stop = await s.api('DELETE', '/v2/scrape/5c1a4b8e-0000-4000-8000-000000000000/interact');
    assert.equal(stop.status, 404);
  });
});

describe('browser sessions without a working Chromium', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ TRAWL_CHROMIUM_PATH: '/bin/false' });
  });
  after(() => s.close());

  test('opening a session answers 502 naming the browser, and nothing is billed or listed', async () => {
    const r = await s.api('POST', '/v2/browser', {});
    assert.equal(r.status, 502, JSON.stringify(r.body));
    assert.match(r.body.error, /browser session could not be started.*\/bin\/false/);
    const listed = await s.api('GET', '/v2/browser');
    assert.deepEqual(listed.body.sessions, []);
  });
});
