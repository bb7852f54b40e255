import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ERRORS, type ErrorCode, type ErrorEntry } from '../../src/errors/codes.js';
import { rateLimited, TrawlError } from '../../src/errors/trawl-error.js';
import { answerOf } from '../../src/http/errors.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('a domain error answered at the HTTP edge', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  test('an unknown job is the registry 404 with the body Firecrawl sends', async () => {
    const r = await s.api('GET', '/v2/crawl/00000000-0000-4000-8000-000000000000');
    assert.equal(r.status, 404);
    assert.deepEqual(r.body, { success: false, error: 'Job not found' });
  });

  test("a thrower's own message and code reach the body (parse's multipart reader, no HTTP in sight)", async () => {
    const r = await s.api('POST', '/v2/parse', { url: 'https://example.com' });
    assert.equal(r.status, 415);
    assert.deepEqual(r.body, { success: false, error: 'Unsupported Content-Type: send multipart/form-data', code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  test('a request that cannot be done as asked is a 400 saying why', async () => {
    const r = await s.api('POST', '/v2/batch/scrape', { urls: ['not a url at all'] });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { success: false, error: 'None of the 1 URLs is valid; they are all listed in invalidURLs' });
  });

  test('a feature this server lacks is a 501 NOT_IMPLEMENTED naming it', async () => {
    const r = await s.api('POST', '/v2/search', { query: 'boats', enterprise: ['anon'] });
    assert.equal(r.status, 501);
    assert.deepEqual(r.body, { success: false, error: 'Enterprise search (anon, zdr) is not supported by this server', code: 'NOT_IMPLEMENTED' });
  });
});

describe('the registry', () => {
  test("each code answers its table status, says the table's text when the thrower adds none, and carries its code unless bare", () => {
    for (const [code, entry] of Object.entries(ERRORS) as [ErrorCode, ErrorEntry][]) {
      const answer = answerOf(new TrawlError(code));
      assert.equal(answer.status, entry.status, code);
      assert.equal(answer.body.error, entry.message, code);
      assert.equal(answer.body.code, entry.bare ? undefined : code, code);
      assert.ok(entry.description.length > 20, `${code} needs a description for docs/errors.md`);
    }
  });

  test('a cause named in the registry answers its own status under the same code', () => {
    const resolver = answerOf(new TrawlError('SCRAPE_DNS_RESOLUTION_ERROR', "DNS resolution failed: this server's resolver did not answer", { variant: 'resolverFailed' }));
    assert.equal(resolver.status, 500);
    assert.equal(resolver.body.code, 'SCRAPE_DNS_RESOLUTION_ERROR');
    assert.equal(answerOf(new TrawlError('SCRAPE_DNS_RESOLUTION_ERROR')).status, 400);
    assert.throws(() => new TrawlError('SCRAPE_TIMEOUT', 'late', { variant: 'resolverFailed' }), /SCRAPE_TIMEOUT has no variant "resolverFailed"/);
  });

  test('details and a wait travel with the error', () => {
    const answer = answerOf(rateLimited('Slow down', 1.2));
    assert.equal(answer.status, 429);
    assert.deepEqual(answer.headers, { 'retry-after': '2' });
    const invalid = answerOf(new TrawlError('BAD_REQUEST', 'Bad Request: url: Invalid URL', { details: [{ code: 'custom', path: ['url'], message: 'Invalid URL' }] }));
    assert.deepEqual(invalid.body, {
      success: false,
      error: 'Bad Request: url: Invalid URL',
      code: 'BAD_REQUEST',
      details: [{ code: 'custom', path: ['url'], message: 'Invalid URL' }],
    });
  });
});
