import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { type Site, startSite } from '../fixtures/site.js';
import { head, rawRequest, type RawAnswer } from '../helpers/raw-http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { onClientError } from '../../src/http/framework-errors.js';

function assertEnvelope(r: { status: number; body: any }, status: number, reason?: RegExp) {
  assert.equal(r.status, status, JSON.stringify(r.body));
  assert.equal(r.body.success, false, JSON.stringify(r.body));
  assert.equal(typeof r.body.error, 'string');
  if (reason) assert.match(r.body.error, reason);
}

describe('framework errors answer in the contract envelope', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  const auth = () => ({ authorization: `Bearer ${s.key}` });

  test('a path parameter over 200 characters answers 414 (GET and DELETE)', async () => {
    const long = 'a'.repeat(201);
    assertEnvelope(await s.api('GET', `/v2/crawl/${long}`), 414, /longer than 200 characters/);
    assertEnvelope(await s.api('DELETE', `/v2/team/keys/${long}`), 414, /longer than 200 characters/);
    assertEnvelope(await s.api('GET', `/v2/crawl/${long}/errors`), 414);
    // 200 characters still route (to a 404 for an unknown job).
    assert.notEqual((await s.api('GET', `/v2/crawl/${'a'.repeat(200)}`)).status, 414);
  });

  test('a badly percent-encoded path parameter answers 400 or 404, in the envelope', async () => {
    const r = await s.api('GET', '/v2/crawl/%E0%A4%A');
    assert.ok(r.status === 400 || r.status === 404, String(r.status));
    assertEnvelope(r, r.status);
  });

  test('an unknown path of 8 KB answers 404 without echoing all of it', async () => {
    const r = await s.api('GET', `/v2/${'x'.repeat(8000)}`);
    assertEnvelope(r, 404, /Not found/);
    assert.ok(r.body.error.length < 400, r.body.error.length);
  });

  test('headers, request line or query string over 16 KB answer 431', async () => {
    const bigHeader = await rawRequest(s.url, [head('GET', '/v2/team/credit-usage', { ...auth(), 'x-filler': 'x'.repeat(20_000) })]);
    assertEnvelope(bigHeader, 431, /too large/);
    const manyHeaders = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`x-h${i}`, 'y'.repeat(60)]));
    assertEnvelope(await rawRequest(s.url, [head('GET', '/v2/team/credit-usage', { ...auth(), ...manyHeaders })]), 431);
    const longQuery = await rawRequest(s.url, [head('GET', `/v2/crawl/active?x=${'q'.repeat(20_000)}`, auth())]);
    assertEnvelope(longQuery, 431);
  });

  test('a long query string under the limit is served or refused as 400, never 500', async () => {
    const r = await s.api('GET', `/v2/team/credit-usage?${Array.from({ length: 500 }, (_, i) => `k${i}=${'v'.repeat(10)}`).join('&')}`);
    assert.ok(r.status === 200 || r.status === 400, JSON.stringify(r.body));
    if (r.status === 400) assertEnvelope(r, 400);
  });

  test('a request that is not HTTP answers 400 and the server keeps serving', async () => {
    assertEnvelope(await rawRequest(s.url, ['GARBAGE\0 / NOT-HTTP\r\n\r\n']), 400, /Malformed HTTP request/);
    assertEnvelope(await rawRequest(s.url, [head('GET', '/v2/team/credit-usage', { ...auth(), 'content-length': 'abc' })]), 400);
    assert.equal((await s.api('GET', '/v2/team/credit-usage')).status, 200);
  });

  test('a request not received in time answers 408 in the envelope', async () => {
    // Node raises ERR_HTTP_REQUEST_TIMEOUT after two minutes; the same handler answers it here on a real socket.
    const server = net.createServer((socket) => onClientError(Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as net.AddressInfo;
      const r = await rawRequest(`http://127.0.0.1:${port}`, ['POST /v2/scrape HTTP/1.1\r\n']);
      assertEnvelope(r, 408, /not received in time/);
      assert.equal(r.body.code, 'REQUEST_TIMEOUT');
    } finally {
      server.close();
    }
  });

  test('a JSON body over 10 MB answers 413', async () => {
    const r = await s.api('POST', '/v2/scrape', `{"url":"https://example.com","x":"${'a'.repeat(11 * 1024 * 1024)}"}`);
    assertEnvelope(r, 413, /limit is 10 MB/);
  });

  test('a body that is not JSON, or not labelled as JSON, answers 400 or 415', async () => {
    const malformed = await s.api('POST', '/v2/scrape', '{"url": "https://example.com",');
    assertEnvelope(malformed, 400, /malformed JSON/);
    assert.equal(malformed.body.code, 'BAD_REQUEST_INVALID_JSON');
    assertEnvelope(await s.api('POST', '/v2/scrape', 'url=https://example.com', { 'content-type': 'application/x-www-form-urlencoded' }), 415);
    assertEnvelope(await s.api('POST', '/v2/scrape', '<url/>', { 'content-type': 'text/xml' }), 415);
    assertEnvelope(await s.api('POST', '/v2/scrape', '{"url":"https://example.com","__proto__":{"x":1}}'), 400);
  });

  test('deeply nested JSON answers 400, at the top level and inside a free-form field', async () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const top = await s.api('POST', '/v2/scrape', deep(100_000));
    assertEnvelope(top, 400, /nested deeper than 128 levels/);
    const inSchema = await s.api('POST', '/v2/extract', `{"urls":["https://example.com"],"schema":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`);
    assertEnvelope(inSchema, 400, /nested deeper/);
    // Brackets inside strings are text, not nesting.
    const inString = await s.api('POST', '/v2/scrape', JSON.stringify({ url: 'https://example.com', headers: { x: '['.repeat(1000) }, timeout: -1 }));
    assertEnvelope(inString, 400, /timeout/);
    assert.equal((await s.api('GET', '/v2/team/credit-usage')).status, 200);
  });
});

describe('huge, negative and fractional numbers answer 400, never 500', () => {
  let s: TestServer;
  let site: Site;
  before(async () => {
    site = await startSite({ '/': { html: '<h1>Home</h1>' } });
    s = await startTestServer();
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  // maxAge, minAge and the agent `before` cursor are bounded by the schemas (test/http/schema-bounds.test.ts).
  const WRONG = [-1, 0.5, 1e308, 9007199254740993, -9007199254740993];
  const cases: { name: string; method: string; path: string; body: (n: number) => unknown }[] = [
    { name: 'scrape timeout', method: 'POST', path: '/v2/scrape', body: (n) => ({ url: site.url('/'), timeout: n }) },
    { name: 'scrape waitFor', method: 'POST', path: '/v2/scrape', body: (n) => ({ url: site.url('/'), waitFor: n }) },
    { name: 'scrape wait action', method: 'POST', path: '/v2/scrape', body: (n) => ({ url: site.url('/'), actions: [{ type: 'wait', milliseconds: n }] }) },
    { name: 'crawl limit', method: 'POST', path: '/v2/crawl', body: (n) => ({ url: site.url('/'), limit: n }) },
    { name: 'crawl maxDiscoveryDepth', method: 'POST', path: '/v2/crawl', body: (n) => ({ url: site.url('/'), maxDiscoveryDepth: n }) },
    { name: 'crawl delay', method: 'POST', path: '/v2/crawl', body: (n) => ({ url: site.url('/'), delay: n }) },
    { name: 'crawl maxConcurrency', method: 'POST', path: '/v2/crawl', body: (n) => ({ url: site.url('/'), maxConcurrency: n }) },
    { name: 'map limit', method: 'POST', path: '/v2/map', body: (n) => ({ url: site.url('/'), limit: n }) },
    { name: 'search limit', method: 'POST', path: '/v2/search', body: (n) => ({ query: 'x', limit: n }) },
    { name: 'batch maxConcurrency', method: 'POST', path: '/v2/batch/scrape', body: (n) => ({ urls: [site.url('/')], maxConcurrency: n }) },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      for (const n of WRONG) {
        // Negative zero and fractions are meaningful for some fields (delay 0.5 s); those may pass.
        const r = await s.api(c.method, c.path, c.body(n));
        assert.ok(r.status < 500, `${c.name} = ${n}: ${r.status} ${JSON.stringify(r.body)}`);
        if (r.status !== 200) assertEnvelope(r, 400);
        else assert.ok(n === 0.5, `${c.name} = ${n} was accepted`);
      }
    });
  }

  test('huge and negative numbers in query strings', async () => {
    for (const q of ['limit=-1', 'limit=1e400', 'skip=9007199254740993', 'skip=-5', 'skip=0.5']) {
      const r = await s.api('GET', `/v2/crawl/00000000-0000-4000-8000-000000000000?${q}`);
      assert.ok(r.status === 400 || r.status === 404, `${q}: ${r.status} ${JSON.stringify(r.body)}`);
      assertEnvelope(r, r.status);
    }
  });
});
