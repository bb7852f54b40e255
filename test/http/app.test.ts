import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, TEST_KEY, type TestServer } from '../helpers/server.js';

describe('the HTTP surface', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  test('unknown paths answer a JSON 404', async () => {
    const r = await s.api('GET', '/v2/nope');
    assert.equal(r.status, 404);
    assert.equal(r.body.success, false);
    assert.match(r.body.error, /Not found: GET \/v2\/nope/);
    assert.match(r.headers.get('content-type') ?? '', /application\/json; charset=utf-8/);
  });

  test('401 bodies follow §1.7 exactly', async () => {
    const noHeader = await fetch(`${s.url}/v2/team/token-usage`);
    assert.equal(noHeader.status, 401);
    assert.deepEqual(await noHeader.json(), { success: false, error: 'Unauthorized' });

    const noToken = await s.api('GET', '/v2/team/token-usage', undefined, { authorization: 'Bearer ' });
    assert.equal(noToken.status, 401);
    assert.deepEqual(noToken.body, { success: false, error: 'Unauthorized: Token missing' });

    const bad = await s.api('GET', '/v2/team/token-usage', undefined, { authorization: 'Bearer fc-nope' });
    assert.equal(bad.status, 401);
    assert.deepEqual(bad.body, { success: false, error: 'Unauthorized: Invalid token' });
  });

  test('malformed JSON answers 400 BAD_REQUEST_INVALID_JSON', async () => {
    const r = await s.api('POST', '/v2/scrape', '{"url": "https://example.com",');
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { success: false, code: 'BAD_REQUEST_INVALID_JSON', error: 'Bad request, malformed JSON' });
  });

  test('an empty body labelled JSON is no body: a DELETE goes through, a POST is told what is missing', async () => {
    const headers = { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' };
    const del = await fetch(`${s.url}/v2/crawl/00000000-0000-4000-8000-000000000000`, { method: 'DELETE', headers });
    const delBody = (await del.json()) as { code?: string };
    assert.notEqual(delBody.code, 'BAD_REQUEST_INVALID_JSON', JSON.stringify(delBody));
    assert.equal(del.status, 404);
    const post = await fetch(`${s.url}/v2/scrape`, { method: 'POST', headers, body: '' });
    assert.equal(post.status, 400);
    assert.notEqual(((await post.json()) as { code?: string }).code, 'BAD_REQUEST_INVALID_JSON');
  });

  test('unknown keys answer 400 with unrecognized_keys details; origin and integration pass', async () => {
    const r = await s.api('POST', '/v2/scrape', { url: 'https://example.com', bogus: 1, alsoBogus: true });
    assert.equal(r.status, 400);
    assert.equal(r.body.code, 'BAD_REQUEST');
    assert.match(r.body.error, /^Bad Request/);
    const issue = r.body.details.find((d: { code: string }) => d.code === 'unrecognized_keys');
    assert.ok(issue, JSON.stringify(r.body));
    assert.deepEqual([...issue.keys].sort(), ['alsoBogus', 'bogus']);
    assert.equal(issue.message, 'Unrecognized key in body -- please review the v2 API documentation for request body changes');

    const ok = await s.api('POST', '/v2/map', { url: 'https://example.com', origin: 'js-sdk@4.42.0', integration: 'anything-goes' });
    assert.notEqual(ok.status, 400, JSON.stringify(ok.body));
  });

  test('bodies up to 10 MB are accepted and larger ones refused with a clear 413', async () => {
    const big = { url: 'https://example.com', headers: { 'x-filler': 'a'.repeat(10 * 1024 * 1024 - 200) } };
    const accepted = await s.api('POST', '/v2/scrape', big);
    assert.notEqual(accepted.status, 413);
    assert.notEqual(accepted.body.code, 'BAD_REQUEST_INVALID_JSON');

    const tooBig = { url: 'https://example.com', headers: { 'x-filler': 'a'.repeat(10 * 1024 * 1024 + 10) } };
    const refused = await s.api('POST', '/v2/scrape', tooBig);
    assert.equal(refused.status, 413);
    assert.equal(refused.body.success, false);
    assert.match(refused.body.error, /too large.*10 MB/);
  });

  test('CORS lets browsers call the API', async () => {
    const r = await fetch(`${s.url}/v2/team/token-usage`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    assert.ok(r.status < 300);
    assert.equal(r.headers.get('access-control-allow-origin'), 'http://app.example');
  });

  test('the bootstrap key from TRAWL_API_KEY works from the first start', async () => {
    const r = await s.api('GET', '/v2/team/token-usage');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.success, true);
    assert.equal(TEST_KEY, s.key);
  });
});
