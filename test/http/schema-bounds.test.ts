import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MAX_CACHE_AGE_MS, MAX_CURSOR_MS, MAX_TIMER_MS } from '../../src/api/common.js';
import { agentListQuery, crawlRequest, extractRequest, mapRequest, scrapeRequest, searchRequest, toolCallRequest } from '../../src/api/index.js';
import { buildOpenApi } from '../../src/http/openapi.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { accept, reject } from '../api/issues.js';

const HUGE = Number.MAX_SAFE_INTEGER;

/** Every number of a request that becomes a Date or a timer, with a body it is valid in. */
const TIMED_FIELDS: { method: string; path: string; field: string; body: (value: number) => unknown; invalid?: number[] }[] = [
  { method: 'POST', path: '/v2/scrape', field: 'maxAge', body: (v) => ({ url: 'https://example.com', maxAge: v }) },
  { method: 'POST', path: '/v2/scrape', field: 'minAge', body: (v) => ({ url: 'https://example.com', minAge: v }) },
  { method: 'POST', path: '/v2/scrape', field: 'timeout', body: (v) => ({ url: 'https://example.com', timeout: v }) },
  { method: 'POST', path: '/v2/scrape', field: 'waitFor', body: (v) => ({ url: 'https://example.com', waitFor: v }) },
  {
    method: 'POST',
    path: '/v2/scrape',
    field: 'actions.0.milliseconds',
    body: (v) => ({ url: 'https://example.com', actions: [{ type: 'wait', milliseconds: v }] }),
  },
  { method: 'POST', path: '/v2/map', field: 'timeout', body: (v) => ({ url: 'https://example.com', timeout: v }) },
  { method: 'POST', path: '/v2/search', field: 'timeout', body: (v) => ({ query: 'x', timeout: v }) },
  { method: 'POST', path: '/v2/extract', field: 'timeout', body: (v) => ({ prompt: 'x', timeout: v }) },
  // Seconds, and a fraction of one is a valid delay.
  { method: 'POST', path: '/v2/crawl', field: 'delay', body: (v) => ({ url: 'https://example.com', delay: v }), invalid: [HUGE, -1, 0] },
  {
    method: 'POST',
    path: '/v2/crawl',
    field: 'scrapeOptions.maxAge',
    body: (v) => ({ url: 'https://example.com', scrapeOptions: { maxAge: v } }),
  },
  { method: 'POST', path: '/v2/batch/scrape', field: 'minAge', body: (v) => ({ urls: ['https://example.com'], minAge: v }) },
  { method: 'POST', path: '/v2/browser', field: 'ttl', body: (v) => ({ ttl: v }) },
  { method: 'POST', path: '/v2/browser', field: 'activityTtl', body: (v) => ({ activityTtl: v }) },
];

describe('numbers that become a Date or a timer are bounded by the schema', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  function assertBadRequest(r: { status: number; body: any }, field: string) {
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.equal(r.body.success, false);
    assert.equal(typeof r.body.error, 'string');
    assert.ok(
      r.body.details.some((issue: { path: (string | number)[] }) => issue.path.join('.') === field),
      `an issue at ${field}: ${JSON.stringify(r.body.details)}`,
    );
  }

  test('GET /v2/agent?before=9007199254740990 answers 400, not 500', async () => {
    const r = await s.api('GET', '/v2/agent?before=9007199254740990');
    assertBadRequest(r, 'before');
    assert.match(r.body.error, /before/);
  });

  test('the latest cursor still lists runs', async () => {
    const r = await s.api('GET', `/v2/agent?before=${MAX_CURSOR_MS}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.agents, []);
  });

  test('POST /v2/scrape with maxAge or minAge 9007199254740991 answers 400 before any fetch', async () => {
    for (const field of ['maxAge', 'minAge']) {
      const r = await s.api('POST', '/v2/scrape', { url: 'https://example.com', [field]: HUGE });
      assertBadRequest(r, field);
      assert.match(r.body.error, new RegExp(field));
    }
  });

  for (const { method, path, field, body, invalid = [HUGE, -1, 1.5] } of TIMED_FIELDS) {
    test(`${method} ${path} ${field}: huge, negative and fractional values answer 400`, async () => {
      for (const value of invalid) assertBadRequest(await s.api(method, path, body(value)), field);
    });
  }
});

describe('the bounds keep every value a client sends in practice', () => {
  test('cache ages up to 100 years, the default two days included', () => {
    assert.equal(accept(scrapeRequest, { url: 'https://example.com', maxAge: MAX_CACHE_AGE_MS }).maxAge, MAX_CACHE_AGE_MS);
    assert.equal(accept(scrapeRequest, { url: 'https://example.com', minAge: MAX_CACHE_AGE_MS }).minAge, MAX_CACHE_AGE_MS);
    assert.ok(reject(scrapeRequest, { url: 'https://example.com', maxAge: MAX_CACHE_AGE_MS + 1 }).has('maxAge'));
  });

  test('a long PDF may ask 450 s; whole-request budgets up to a day', () => {
    assert.equal(accept(scrapeRequest, { url: 'https://example.com/a.pdf', timeout: 450_000 }).timeout, 450_000);
    assert.equal(accept(mapRequest, { url: 'https://example.com', timeout: MAX_TIMER_MS }).timeout, MAX_TIMER_MS);
    assert.equal(accept(searchRequest, { query: 'x', timeout: MAX_TIMER_MS }).timeout, MAX_TIMER_MS);
    assert.equal(accept(extractRequest, { prompt: 'x', timeout: 450_000 }).timeout, 450_000);
    assert.equal(accept(toolCallRequest, { alexandria: [{ provider: 'p', capability: 'c' }], timeout: 450_000 }).timeout, 450_000);
    assert.ok(reject(searchRequest, { query: 'x', timeout: MAX_TIMER_MS + 1 }).has('timeout'));
  });

  test('a crawl delay may be a fraction of a second, up to a day', () => {
    assert.equal(accept(crawlRequest, { url: 'https://example.com', delay: 0.25 }).delay, 0.25);
    assert.ok(reject(crawlRequest, { url: 'https://example.com', delay: MAX_TIMER_MS }).has('delay'));
  });

  test('a cursor is any instant from 1970 to the end of year 9999', () => {
    assert.equal(accept(agentListQuery, { before: '0' }).before, 0);
    assert.ok(reject(agentListQuery, { before: String(MAX_CURSOR_MS + 1) }).has('before'));
  });
});

/** Every numeric property of a JSON Schema, with its path. */
function numericFields(schema: any, at: string, out: { path: string; schema: any }[] = []): { path: string; schema: any }[] {
  if (!schema || typeof schema !== 'object') return out;
  if (schema.type === 'integer' || schema.type === 'number') out.push({ path: at, schema });
  for (const [name, sub] of Object.entries(schema.properties ?? {})) numericFields(sub, `${at}.${name}`, out);
  if (schema.items) numericFields(schema.items, `${at}[]`, out);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') numericFields(schema.additionalProperties, `${at}{}`, out);
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const sub of schema[key] ?? []) numericFields(sub, at, out);
  return out;
}

// Numbers with no bound past "safe integer" or "finite": none becomes a Date or a timer.
const UNBOUNDED_ON_PURPOSE = new Set(['agent.maxCredits']);

describe('every number a request can carry has a documented range', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  test('each numeric field of every body, query and path has a minimum and a maximum', () => {
    const doc = buildOpenApi(s.trawl.routes, 'test') as any;
    const fields: { path: string; schema: any }[] = [];
    for (const [p, ops] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        const label = `${method.toUpperCase()} ${p}`;
        for (const content of Object.values<any>(op.requestBody?.content ?? {})) numericFields(content.schema, label, fields);
        for (const param of op.parameters ?? []) numericFields(param.schema, `${label} ${param.name}`, fields);
      }
    }
    assert.ok(fields.length > 50, `found ${fields.length} numeric fields`);
    const unbounded = fields.filter(({ path, schema }) => {
      if (UNBOUNDED_ON_PURPOSE.has(path.replace(/^POST \/v2\//, ''))) return false;
      const hasMin = schema.minimum !== undefined || schema.exclusiveMinimum !== undefined;
      const hasMax = schema.maximum !== undefined || schema.exclusiveMaximum !== undefined;
      return !hasMin || !hasMax;
    });
    assert.deepEqual(unbounded.map((f) => f.path), []);
  });
});
