import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractRequest } from '../../src/api/extract.js';
import { accept, assertIssue, reject } from './issues.js';

describe('POST /v2/extract body (§9.1)', () => {
  test('defaults', () => {
    const out = accept(extractRequest, { urls: ['example.com/*'], prompt: 'Company name' });
    assert.deepEqual(out.urls, ['http://example.com/*']);
    assert.deepEqual(out.invalidURLs, []);
    assert.equal(out.ignoreSitemap, false);
    assert.equal(out.includeSubdomains, true);
    assert.equal(out.allowExternalLinks, false);
    assert.equal(out.enableWebSearch, false);
    assert.equal(out.showSources, false);
    assert.equal(out.ignoreInvalidURLs, true);
    assert.equal(out.urlTrace, false);
    assert.deepEqual(out.scrapeOptions.formats, [{ type: 'markdown' }]);
  });

  test("either 'urls' or 'prompt' is required", () => {
    const message = "Either 'urls' or 'prompt' must be provided.";
    assertIssue(extractRequest, {}, '', message);
    assertIssue(extractRequest, { urls: [], schema: { type: 'object' } }, '', message);
    assert.equal(accept(extractRequest, { prompt: 'Find the CEO' }).urls, undefined);
  });

  test('enableWebSearch forces allowExternalLinks', () => {
    assert.equal(accept(extractRequest, { prompt: 'p', enableWebSearch: true }).allowExternalLinks, true);
  });

  test('invalid URLs are dropped by default, refused otherwise', () => {
    const out = accept(extractRequest, { urls: ['example.com', 'nope'] });
    assert.deepEqual(out.urls, ['http://example.com/']);
    assert.deepEqual(out.invalidURLs, ['nope']);
    assertIssue(
      extractRequest,
      { urls: ['example.com', 'nope'], ignoreInvalidURLs: false },
      'urls.1',
      'URL must have a valid top-level domain or be a valid path: nope is an IP address or a local name, which this server fetches only when started with TRAWL_ALLOW_PRIVATE_NETWORK=on',
    );
  });

  test('schema must be a JSON Schema', () => {
    assertIssue(extractRequest, { prompt: 'p', schema: { type: 'strnig' } }, 'schema', 'Invalid JSON schema.');
    assert.ok(reject(extractRequest, { prompt: 'p', schema: 'a string' }).has('schema'));
  });

  test('limits and enums', () => {
    assert.ok(reject(extractRequest, { prompt: 'x'.repeat(10001) }).has('prompt'));
    assert.ok(reject(extractRequest, { prompt: 'p', systemPrompt: 'x'.repeat(10001) }).has('systemPrompt'));
    assert.ok(reject(extractRequest, { prompt: 'p', limit: 0 }).has('limit'));
    assert.equal(accept(extractRequest, { prompt: 'p', agent: { model: 'FIRE-1' } }).agent?.model, 'FIRE-1');
    assert.ok(reject(extractRequest, { prompt: 'p', agent: { model: 'gpt' } }).has('agent.model'));
  });
});
