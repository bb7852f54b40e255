import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { setUrlPolicy } from '../../src/api/common.js';
import { interactRequest, scrapeRequest, toolCallRequest } from '../../src/api/scrape.js';
import { accept, assertIssue, reject } from './issues.js';

const UNKNOWN = 'Unrecognized key in body -- please review the v2 API documentation for request body changes';

describe('POST /v2/scrape body (§3.1)', () => {
  afterEach(() => setUrlPolicy({ allowLocalTargets: false }));

  test('ScrapeOptions sit at the top level with their defaults, plus the scrape-only fields', () => {
    const out = accept(scrapeRequest, { url: 'example.com/pricing' });
    assert.equal(out.url, 'http://example.com/pricing');
    assert.deepEqual(out.formats, [{ type: 'markdown' }]);
    assert.equal(out.maxAge, 172800000);
    assert.equal(out.timeout, 60000);
    assert.equal(out.blockAds, true);
    assert.equal(out.skipTlsVerification, true);
    assert.equal(out.removeBase64Images, true);
    assert.equal(out.onlyMainContent, true);
    assert.equal(out.zeroDataRetention, false);
    assert.equal(out.toolDetail, 'summary');
    assert.equal(out.origin, 'api');
  });

  test('the contract example parses', () => {
    const out = accept(scrapeRequest, {
      url: 'https://example.com/pricing',
      formats: ['markdown', 'links', { type: 'json', prompt: 'Extract plan names and prices' }, { type: 'screenshot', fullPage: true }],
      onlyMainContent: true,
      waitFor: 1000,
      timeout: 30000,
      actions: [{ type: 'click', selector: '#accept' }, { type: 'wait', milliseconds: 500 }],
      location: { country: 'US', languages: ['en-US'] },
      maxAge: 0,
      origin: 'js-sdk@4.42.0',
      domainTools: true,
    });
    assert.equal(out.formats.length, 4);
    assert.equal(out.actions?.length, 2);
    assert.equal(out.origin, 'js-sdk@4.42.0');
  });

  test('url is required and follows §1.5', () => {
    assert.ok(reject(scrapeRequest, {}).has('url'));
    assertIssue(scrapeRequest, { url: 'ftp://example.com' }, 'url', 'URL uses unsupported protocol');
    assertIssue(scrapeRequest, { url: 'http://127.0.0.1:8080/' }, 'url', 'URL must have a valid top-level domain or be a valid path: 127.0.0.1 is an IP address or a local name, which this server fetches only when started with TRAWL_ALLOW_PRIVATE_NETWORK=on');
    setUrlPolicy({ allowLocalTargets: true });
    assert.equal(accept(scrapeRequest, { url: 'http://127.0.0.1:8080/' }).url, 'http://127.0.0.1:8080/');
  });

  test('unknown keys are refused, listing them', () => {
    const result = scrapeRequest.safeParse({ url: 'https://example.com', pageOptions: {}, extractorOptions: {} });
    assert.equal(result.success, false);
    assert.deepEqual(result.error!.issues.map((i) => [i.code, i.message, (i as { keys?: string[] }).keys]), [
      ['unrecognized_keys', UNKNOWN, ['pageOptions', 'extractorOptions']],
    ]);
  });

  test('the ScrapeOptions rules apply at the top level', () => {
    assertIssue(scrapeRequest, { url: 'https://example.com', waitFor: 40000, timeout: 60000 }, 'waitFor', 'waitFor must not exceed half of timeout');
    assertIssue(scrapeRequest, { url: 'https://example.com', formats: ['json'] }, 'formats.0', /^json format requires/);
  });

  test('toolDetail takes compact, summary or full', () => {
    assert.equal(accept(scrapeRequest, { url: 'https://example.com', toolDetail: 'full' }).toolDetail, 'full');
    assert.ok(reject(scrapeRequest, { url: 'https://example.com', toolDetail: 'everything' }).has('toolDetail'));
  });
});

describe('POST /v2/scrape/{jobId}/interact body (§3.3)', () => {
  test('code with defaults', () => {
    assert.deepEqual(accept(interactRequest, { code: 'console.log(await page.title())', origin: 'js-sdk@4' }), {
      code: 'console.log(await page.title())',
      language: 'node',
      timeout: 30,
      origin: 'js-sdk@4',
    });
  });

  test('a prompt alone is enough', () => {
    assert.equal(accept(interactRequest, { prompt: 'Click the login button' }).prompt, 'Click the login button');
  });

  test('one of code and prompt is required', () => {
    assertIssue(interactRequest, {}, '', "Either 'code' or 'prompt' must be provided.");
    assertIssue(interactRequest, { code: null, prompt: null }, '', "Either 'code' or 'prompt' must be provided.");
  });

  test('limits: code 1–100000 chars, timeout 1–300 s, known languages', () => {
    assert.ok(reject(interactRequest, { code: '' }).has('code'));
    assert.ok(reject(interactRequest, { code: 'x'.repeat(100_001) }).has('code'));
    assert.ok(reject(interactRequest, { code: 'x', timeout: 301 }).has('timeout'));
    assert.ok(reject(interactRequest, { code: 'x', language: 'ruby' }).has('language'));
  });

  test('profile is refused (it is inherited from the scrape)', () => {
    assertIssue(interactRequest, { code: 'x', profile: { name: 'p' } }, '', UNKNOWN);
  });
});

describe('tool-call body (§15.3)', () => {
  test('1–10 calls of provider + capability', () => {
    const out = accept(toolCallRequest, {
      alexandria: [{ provider: 'firecrawl', capability: 'find-tools', options: { q: 'x' } }],
      timeout: 5000,
    });
    assert.equal(out.alexandria[0]?.capability, 'find-tools');
    assert.ok(reject(toolCallRequest, { alexandria: [] }).has('alexandria'));
    assert.ok(reject(toolCallRequest, { alexandria: Array(11).fill({ provider: 'a', capability: 'b' }) }).has('alexandria'));
  });
});
