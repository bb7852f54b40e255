import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import * as api from '../../src/api/index.js';
import { accept, reject } from './issues.js';

const UNKNOWN = 'Unrecognized key in body -- please review the v2 API documentation for request body changes';

/** The smallest valid body of every JSON request schema. */
const MINIMAL_BODIES: Record<string, object> = {
  scrapeRequest: { url: 'https://example.com' },
  interactRequest: { code: 'x' },
  toolCallRequest: { alexandria: [{ provider: 'firecrawl', capability: 'find-tools' }] },
  parseOptions: {},
  searchRequest: { query: 'q' },
  mapRequest: { url: 'https://example.com' },
  crawlRequest: { url: 'https://example.com' },
  crawlParamsPreviewRequest: { url: 'https://example.com', prompt: 'docs only' },
  batchScrapeRequest: { urls: ['https://example.com'] },
  extractRequest: { prompt: 'p' },
  agentRequest: { prompt: 'p' },
  browserCreateRequest: {},
  browserExecuteRequest: { code: 'x' },
  monitorCreateRequest: { name: 'm', schedule: { text: 'hourly' }, targets: [{ type: 'scrape', urls: ['example.com'] }] },
  monitorUpdateRequest: { status: 'paused' },
  monitorRunRequest: {},
  feedbackRequest: { endpoint: 'map', jobId: '3f5c1d2e-1a2b-4c3d-9e8f-0a1b2c3d4e5f', rating: 'good' },
  searchFeedbackRequest: { rating: 'good' },
  docsSearchRequest: { question: 'How do I set the LLM key?' },
  teamThreatProtectionRequest: {},
  scrapeOptions: {},
  teamKeyCreateRequest: {},
};

const QUERIES = [
  'jobStatusQuery',
  'agentListQuery',
  'agentTraceQuery',
  'agentThreadQuery',
  'browserListQuery',
  'monitorListQuery',
  'monitorChecksQuery',
  'monitorCheckQuery',
  'historicalUsageQuery',
  'browserLiveViewQuery',
  'teamKeyParams',
  'teamActivityQuery',
  'feedbackListQuery',
  'searchFeedbackParams',
];

const schemas = Object.entries(api).filter(([, value]) => value instanceof z.ZodType) as [string, z.ZodType][];

type JsonObject = { type?: string; properties?: Record<string, { default?: unknown }>; required?: string[] };
const toJson = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonObject;

describe('src/api exports', () => {
  test('every exported schema is covered below', () => {
    assert.deepEqual(schemas.map(([name]) => name).sort(), [...Object.keys(MINIMAL_BODIES), ...QUERIES].sort());
  });

  test('every schema converts to a JSON Schema object with its properties', () => {
    for (const [name, schema] of schemas) {
      const json = toJson(schema);
      assert.equal(json.type, 'object', name);
      assert.ok(Object.keys(json.properties ?? {}).length > 0, name);
    }
  });

  test('defaults, requirements and enums are visible in the JSON Schema', () => {
    const crawl = toJson(api.crawlRequest);
    assert.equal(crawl.properties?.limit?.default, 10000);
    assert.equal(crawl.properties?.sitemap?.default, 'include');
    assert.deepEqual(crawl.required, ['url']);
    assert.equal(toJson(api.mapRequest).properties?.limit?.default, 5000);
    assert.equal(toJson(api.searchRequest).properties?.limit?.default, 10);
    const scrape = toJson(api.scrapeRequest);
    assert.deepEqual(scrape.properties?.formats?.default, ['markdown']);
    assert.equal(scrape.properties?.timeout?.default, 60000);
    assert.equal(scrape.properties?.maxAge?.default, 172800000);
    assert.deepEqual((scrape.properties?.proxy as { enum?: string[] }).enum, ['basic', 'enhanced', 'stealth', 'auto']);
    assert.equal(toJson(api.jobStatusQuery).properties?.skip?.default, 0);
  });

  for (const [name, body] of Object.entries(MINIMAL_BODIES)) {
    test(`${name} accepts origin and integration and refuses unknown keys`, () => {
      const schema = (api as unknown as Record<string, z.ZodType>)[name]!;
      const out = accept(schema, { ...body, origin: 'python-sdk@4.3.0', integration: 'langchain' }) as Record<string, unknown>;
      assert.equal(out.origin, 'python-sdk@4.3.0');
      assert.equal(out.integration, 'langchain');
      assert.equal((accept(schema, body) as Record<string, unknown>).origin, 'api');
      assert.equal(reject(schema, { ...body, notAField: true }).get(''), UNKNOWN);
    });
  }
});
