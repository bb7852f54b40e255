import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiRoutes } from '../../src/http/routes/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('GET /v2/openapi.json', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  test('is an OpenAPI 3.1 document of every route, built from the validating schemas', async () => {
    const res = await fetch(`${s.url}/v2/openapi.json`);
    assert.equal(res.status, 200);
    const doc = (await res.json()) as any;
    assert.equal(doc.openapi, '3.1.0');
    for (const r of apiRoutes()) {
      const p = r.url.replace(/:(\w+)/g, '{$1}');
      assert.ok(doc.paths[p]?.[r.method.toLowerCase()], `${r.method} ${p} documented`);
    }
    const scrape = doc.paths['/v2/scrape'].post.requestBody.content['application/json'].schema;
    assert.equal(scrape.type, 'object');
    assert.ok(scrape.required.includes('url'));
    assert.ok(scrape.properties.formats, 'formats documented');
    assert.equal(scrape.properties.maxAge.default ?? scrape.properties.maxAge.anyOf?.find((x: any) => 'default' in x)?.default, 172800000);
    const crawlStatus = doc.paths['/v2/crawl/{id}'].get.parameters;
    assert.ok(crawlStatus.some((p: any) => p.name === 'id' && p.in === 'path' && p.required));
    assert.ok(crawlStatus.some((p: any) => p.name === 'skip' && p.in === 'query'));
  });

  test('a body the document forbids is the body the server refuses', async () => {
    const doc = (await (await fetch(`${s.url}/v2/openapi.json`)).json()) as any;
    const schema = doc.paths['/v2/crawl'].post.requestBody.content['application/json'].schema;
    assert.equal(schema.additionalProperties, false);
    const r = await s.api('POST', '/v2/crawl', { url: 'https://example.com', notAField: 1 });
    assert.equal(r.status, 400);
  });
});
