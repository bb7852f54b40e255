import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseOptions } from '../../src/api/parse.js';
import { accept, assertIssue, reject } from './issues.js';

describe('POST /v2/parse options part (§4)', () => {
  test('defaults: markdown, main content, 30 s timeout', () => {
    const out = accept(parseOptions, {});
    assert.deepEqual(out.formats, [{ type: 'markdown' }]);
    assert.equal(out.onlyMainContent, true);
    assert.equal(out.timeout, 30000);
    assert.equal(out.skipTlsVerification, true);
    assert.equal(out.removeBase64Images, true);
    assert.equal(out.blockAds, true);
    assert.equal(out.redactPII, false);
    assert.equal(out.zeroDataRetention, false);
    assert.equal(out.origin, 'api');
  });

  test('accepts the document formats and the listed options', () => {
    const out = accept(parseOptions, {
      formats: ['markdown', 'html', 'rawHtml', 'links', 'images', 'summary', { type: 'json', schema: { type: 'object' } }],
      includeTags: ['main'],
      parsers: [{ type: 'pdf', maxPages: 2 }],
      proxy: 'basic',
      fastMode: true,
      useMock: 'fixture',
      auditMetadata: { username: 'a' },
      profile: { name: 'p' },
      domainTools: true,
      threatProtection: { mode: 'off' },
      origin: 'js-sdk@4',
      integration: 'x',
    });
    assert.equal(out.formats.length, 7);
    assert.equal(out.proxy, 'basic');
  });

  test('browser-only formats are refused', () => {
    for (const format of ['screenshot', 'changeTracking', 'branding', 'audio', 'video']) {
      assertIssue(parseOptions, { formats: ['markdown', format] }, 'formats.1', `The ${format} format is not supported by /v2/parse`);
    }
  });

  test('page-only options are refused by name', () => {
    for (const field of ['waitFor', 'actions', 'location', 'mobile', 'maxAge', 'minAge', 'storeInCache', 'lockdown']) {
      assertIssue(parseOptions, { [field]: 1 }, field, `${field} is not supported by /v2/parse`);
    }
  });

  test('proxy is basic or auto only; timeout at most 450000 (a long PDF)', () => {
    assert.ok(reject(parseOptions, { proxy: 'enhanced' }).has('proxy'));
    assert.equal(accept(parseOptions, { timeout: 450_000 }).timeout, 450_000);
    assert.ok(reject(parseOptions, { timeout: 450_001 }).has('timeout'));
  });
});
