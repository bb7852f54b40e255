import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { successResponses } from '../../src/api/responses.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('GET /v2/openapi.json', () => {
  let s: TestServer;
  /** The /v2 operations the server routes (the files and this document aside). */
  const apiRoutes = () => s.trawl.routes.filter((r) => r.url.startsWith('/v2/') && r.operationId !== 'openapi');
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
  test('fields carry their formats: URLs are uri, job ids uuid, timestamps date-time', async () => {
    const doc = (await (await fetch(`${s.url}/v2/openapi.json`)).json()) as any;
    const body = (p: string) => doc.paths[p].post.requestBody.content['application/json'].schema;
    assert.equal(body('/v2/scrape').properties.url.format, 'uri');
    assert.equal(body('/v2/crawl').properties.webhook.anyOf[1].properties.url.format, 'uri');
    assert.equal(body('/v2/batch/scrape').properties.urls.items.format, 'uri');
    assert.equal(body('/v2/feedback').properties.jobId.format, 'uuid');
    const id = doc.paths['/v2/crawl/{id}'].get.parameters.find((p: any) => p.name === 'id');
    assert.equal(id.schema.format, 'uuid');
    const status = doc.paths['/v2/crawl/{id}'].get.responses['200'].content['application/json'].schema;
    assert.equal(status.properties.expiresAt.format, 'date-time');
    assert.equal(doc.paths['/v2/crawl'].post.responses['200'].content['application/json'].schema.properties.id.format, 'uuid');
  });

  test('cross-field rules are stated where JSON Schema can, described where it cannot', async () => {
    const doc = (await (await fetch(`${s.url}/v2/openapi.json`)).json()) as any;
    const body = (p: string) => doc.paths[p].post.requestBody.content['application/json'].schema;
    assert.deepEqual(
      body('/v2/extract').anyOf.map((branch: any) => branch.required),
      [['urls'], ['prompt']],
    );
    // The server agrees with the document: neither urls nor prompt is a 400.
    assert.equal((await s.api('POST', '/v2/extract', { schema: { type: 'object' } })).status, 400);
    const wait = body('/v2/scrape').properties.actions.items.oneOf.find((a: any) => a.properties.type.const === 'wait');
    assert.deepEqual(wait.oneOf.map((branch: any) => branch.required), [['milliseconds'], ['selector']]);
    assert.match(body('/v2/scrape').properties.waitFor.description, /timeout\/2/);
    assert.equal(body('/v2/scrape').properties.maxAge.maximum, 100 * 365 * 86_400_000);
  });

  test('links lead from a created resource to the operations on it', async () => {
    const doc = (await (await fetch(`${s.url}/v2/openapi.json`)).json()) as any;
    const links = doc.paths['/v2/crawl'].post.responses['200'].links;
    assert.deepEqual(links.getCrawlStatus, { operationId: 'getCrawlStatus', parameters: { id: '$response.body#/id' } });
    const monitor = doc.paths['/v2/monitor'].post.responses['200'].links;
    assert.equal(monitor.getMonitor.parameters.monitorId, '$response.body#/data/id');
  });

  test('POST /v2/parse documents its multipart body: the file and the JSON options', async () => {
    const doc = (await (await fetch(`${s.url}/v2/openapi.json`)).json()) as any;
    const form = doc.paths['/v2/parse'].post.requestBody.content['multipart/form-data'];
    assert.deepEqual(form.schema.required, ['file']);
    assert.equal(form.schema.properties.file.format, 'binary');
    assert.ok(form.schema.properties.options.properties.formats, 'the options part is the parseOptions schema');
    assert.equal(form.encoding.options.contentType, 'application/json');
  });

  test('every operation documents its success body and each error status it can answer', async () => {
    const doc = (await (await fetch(`${s.url}/v2/openapi.json`)).json()) as any;
    for (const r of apiRoutes()) {
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')][r.method.toLowerCase()];
      const label = `${r.method} ${r.url}`;
      assert.ok(successResponses[r.operationId] || r.operationId === 'browserLiveView', `${label}: a success schema`);
      assert.ok(op.responses['200'].content, `${label}: 200 content`);
      assert.ok(op.responses['500'], `${label}: 500`);
      if (r.auth !== false) assert.ok(op.responses['401'], `${label}: 401`);
      if (r.body) for (const status of ['400', '413', '415']) assert.ok(op.responses[status], `${label}: ${status}`);
      if (r.creditsRequired) assert.ok(op.responses['402'], `${label}: 402`);
      if (r.url.includes(':')) assert.ok(op.responses['404'], `${label}: 404`);
      if (r.idempotent) assert.ok(op.responses['409'], `${label}: 409`);
      if (!r.handler) assert.ok(op.responses['501'], `${label}: 501`);
    }
    assert.ok(doc.paths['/v2/scrape'].post.responses['408'], 'scrape timeout');
    assert.ok(doc.paths['/v2/search'].post.responses['429'].headers['Retry-After'], 'rate-limit header');
    const error = doc.components.schemas.Error;
    assert.deepEqual(error.required, ['success', 'error']);
    assert.equal(error.properties.success.const, false);
    assert.equal(doc.components.schemas.BadRequest.properties.details.type, 'array');
  });
});
