import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { browserCreateRequest, browserExecuteRequest, browserListQuery } from '../../src/api/browser.js';
import { accept, reject } from './issues.js';

describe('browser sessions (§11)', () => {
  test('create defaults: 300 s lifetime and inactivity, streaming and recording on', () => {
    assert.deepEqual(accept(browserCreateRequest, { origin: 'js-sdk@4' }), {
      ttl: 300,
      activityTtl: 300,
      streamWebView: true,
      recordSession: true,
      origin: 'js-sdk@4',
    });
  });

  test('create limits', () => {
    assert.ok(reject(browserCreateRequest, { ttl: 29 }).has('ttl'));
    assert.ok(reject(browserCreateRequest, { ttl: 3601 }).has('ttl'));
    assert.ok(reject(browserCreateRequest, { activityTtl: 9 }).has('activityTtl'));
    assert.deepEqual(accept(browserCreateRequest, { profile: { name: 'p', saveChanges: false } }).profile, {
      name: 'p',
      saveChanges: false,
    });
  });

  test('list filter', () => {
    assert.deepEqual(accept(browserListQuery, { status: 'active' }), { status: 'active' });
    assert.ok(reject(browserListQuery, { status: 'paused' }).has('status'));
  });

  test('execute: code required, language and timeout defaults', () => {
    assert.deepEqual(accept(browserExecuteRequest, { code: 'echo hi', language: 'bash' }), {
      code: 'echo hi',
      language: 'bash',
      timeout: 30,
      origin: 'api',
    });
    assert.equal(accept(browserExecuteRequest, { code: 'x' }).language, 'node');
    assert.ok(reject(browserExecuteRequest, {}).has('code'));
    assert.ok(reject(browserExecuteRequest, { code: 'x', timeout: 0 }).has('timeout'));
  });
});
