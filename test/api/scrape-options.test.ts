import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { scrapeOptions } from '../../src/api/scrape-options.js';
import { accept, assertIssue, reject } from './issues.js';

const DEFAULTS = {
  formats: [{ type: 'markdown' }],
  onlyMainContent: true,
  onlyCleanContent: false,
  waitFor: 0,
  mobile: false,
  skipTlsVerification: true,
  timeout: 60000,
  parsers: [{ type: 'pdf', mode: 'auto', blocks: false, pageMarkers: false, pages: false }, { type: 'image' }],
  removeBase64Images: true,
  blockAds: true,
  proxy: 'auto',
  maxAge: 172800000,
  storeInCache: true,
  lockdown: false,
  fastMode: false,
  redactPII: false,
  checkPromptInjection: false,
  domainTools: false,
  origin: 'api',
};

describe('ScrapeOptions (§2.1)', () => {
  test('an empty object gets every default', () => {
    assert.deepEqual(accept(scrapeOptions, {}), DEFAULTS);
  });

  test('null for any optional field behaves like absent, defaults included', () => {
    const nulls = Object.fromEntries(
      [...Object.keys(DEFAULTS), 'includeTags', 'excludeTags', 'headers', 'actions', 'location', 'minAge', 'useMock', 'profile', 'threatProtection', 'auditMetadata', 'integration'].map(
        (key) => [key, null],
      ),
    );
    const out = accept(scrapeOptions, nulls);
    for (const [key, value] of Object.entries(DEFAULTS)) assert.deepEqual(out[key as keyof typeof out], value, key);
    assert.equal(out.actions, undefined);
  });

  test('given values are kept', () => {
    const out = accept(scrapeOptions, {
      formats: ['html', { type: 'json', prompt: 'p' }],
      onlyMainContent: false,
      includeTags: ['article'],
      headers: { cookie: 'a=b' },
      waitFor: 1000,
      timeout: 30000,
      mobile: true,
      maxAge: 0,
      minAge: 1,
      location: { country: 'fr' },
      profile: { name: 'shop' },
      auditMetadata: { username: 'alice' },
      threatProtection: { mode: 'off' },
      integration: 'zapier',
    });
    assert.deepEqual(out.formats, [{ type: 'html' }, { type: 'json', prompt: 'p' }]);
    assert.equal(out.timeout, 30000);
    assert.equal(out.maxAge, 0);
    assert.deepEqual(out.location, { country: 'FR' });
    assert.deepEqual(out.profile, { name: 'shop', saveChanges: true });
    assert.equal(out.integration, 'zapier');
  });

  test('proxy accepts the legacy "stealth" as an alias of "enhanced"', () => {
    assert.equal(accept(scrapeOptions, { proxy: 'stealth' }).proxy, 'enhanced');
    for (const proxy of ['basic', 'enhanced', 'auto'] as const) assert.equal(accept(scrapeOptions, { proxy }).proxy, proxy);
    assert.ok(reject(scrapeOptions, { proxy: 'residential' }).has('proxy'));
  });

  test('redactPII true expands to the documented defaults', () => {
    assert.deepEqual(accept(scrapeOptions, { redactPII: true }).redactPII, {
      mode: 'accurate',
      entities: ['PERSON', 'EMAIL', 'PHONE', 'LOCATION', 'FINANCIAL', 'SECRET'],
      replaceStyle: 'tag',
    });
    assert.deepEqual(accept(scrapeOptions, { redactPII: { mode: 'fast', entities: ['EMAIL'] } }).redactPII, {
      mode: 'fast',
      entities: ['EMAIL'],
      replaceStyle: 'tag',
    });
  });

  test('ranges: timeout 1000–450000, waitFor 0–60000, maxAge ≥ 0, minAge ≥ 1', () => {
    for (const [field, value] of [
      ['timeout', 999],
      ['timeout', 450001],
      ['waitFor', -1],
      ['waitFor', 60001],
      ['maxAge', -1],
      ['minAge', 0],
      ['timeout', 1.5],
    ] as const) {
      assert.ok(reject(scrapeOptions, { [field]: value }).has(field), `${field}=${value}`);
    }
  });

  test('waitFor may be at most half of a given timeout', () => {
    assertIssue(scrapeOptions, { waitFor: 20000, timeout: 30000 }, 'waitFor', 'waitFor must not exceed half of timeout');
    accept(scrapeOptions, { waitFor: 15000, timeout: 30000 });
  });

  test('without a timeout, waitFor is only bound by its own range', () => {
    assert.equal(accept(scrapeOptions, { waitFor: 45000 }).timeout, 60000);
  });

  test('waitFor plus wait actions may not exceed 60 seconds', () => {
    const message = 'Total wait time (waitFor + wait actions) cannot exceed 60 seconds';
    assertIssue(scrapeOptions, { waitFor: 30000, actions: [{ type: 'wait', milliseconds: 30001 }] }, 'actions', message);
    // A selector wait counts as one second.
    assertIssue(
      scrapeOptions,
      { waitFor: 29000, actions: [{ type: 'wait', milliseconds: 30000 }, { type: 'wait', selector: '#a' }, { type: 'wait', selector: '#b' }] },
      'actions',
      message,
    );
    accept(scrapeOptions, { waitFor: 29000, actions: [{ type: 'wait', milliseconds: 30000 }, { type: 'wait', selector: '#a' }] });
  });

  test('format-list rules apply', () => {
    assertIssue(scrapeOptions, { formats: ['screenshot', 'screenshot'] }, 'formats', 'You may only specify one screenshot format');
    assertIssue(
      scrapeOptions,
      { formats: ['changeTracking'] },
      'formats',
      'The changeTracking format requires the markdown format to be specified as well',
    );
  });

  test('scrape-call-only fields are refused when nested', () => {
    for (const field of ['url', 'zeroDataRetention', 'toolDetail']) {
      assertIssue(scrapeOptions, { [field]: 'x' }, '', 'Unrecognized key in body -- please review the v2 API documentation for request body changes');
    }
  });

  test('profile and auditMetadata are strict', () => {
    assert.ok(reject(scrapeOptions, { profile: { name: '' } }).has('profile.name'));
    assert.ok(reject(scrapeOptions, { profile: { name: 'x'.repeat(129) } }).has('profile.name'));
    assert.ok(reject(scrapeOptions, { auditMetadata: { username: 'a', team: 'b' } }).has('auditMetadata'));
  });
});
