import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl, { SdkError } from '@mendable/firecrawl-js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('a validation 400 has Firecrawl’s shape and its reasons reach the user (#17)', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  test('the body: success false, code BAD_REQUEST, "Bad Request" and the first reason, every issue in details', async () => {
    const r = await s.api('POST', '/v2/scrape', { url: 'ftp://example.com/file', timeout: -5 });
    assert.equal(r.status, 400);
    assert.deepEqual(Object.keys(r.body).sort(), ['code', 'details', 'error', 'success']);
    assert.equal(r.body.success, false);
    assert.equal(r.body.code, 'BAD_REQUEST');
    assert.match(r.body.error, /^Bad Request: (url|timeout): .+ \(and 1 more, see details\)$/);
    assert.deepEqual(r.body.details.map((i: { path: string[] }) => i.path.join('.')).sort(), ['timeout', 'url']);
    for (const issue of r.body.details) {
      assert.equal(typeof issue.code, 'string');
      assert.equal(typeof issue.message, 'string');
      assert.ok(!('input' in issue), 'the caller’s input is not echoed back');
    }
  });

  test('the official JS SDK’s error message shows the reason, and its details every issue', async () => {
    const fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
    const err = await fc.scrape('ftp://example.com/file').then(() => undefined, (e: unknown) => e);
    assert.ok(err instanceof SdkError, String(err));
    assert.equal(err.status, 400);
    assert.equal(err.code, 'BAD_REQUEST');
    assert.match(err.message, /^Bad Request: url: URL uses unsupported protocol$/);
    assert.ok(Array.isArray(err.details) && err.details.length === 1, JSON.stringify(err.details));
  });
});
