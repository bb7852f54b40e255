import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { agentWebhook, monitorWebhook, webhook } from '../../src/api/webhook.js';
import { accept, assertIssue, reject } from './issues.js';

describe('webhook configs (§2.7)', () => {
  test('a string is shorthand for {url}, with every default filled in', () => {
    assert.deepEqual(accept(webhook, 'https://hooks.example.com/crawl'), {
      url: 'https://hooks.example.com/crawl',
      headers: {},
      metadata: {},
      events: ['started', 'page', 'completed', 'failed'],
    });
  });

  test('the object form keeps headers, metadata and a subset of events', () => {
    assert.deepEqual(
      accept(webhook, {
        url: 'http://127.0.0.1:9000/hook',
        headers: { 'x-secret': 's' },
        metadata: { run: '1' },
        events: ['completed'],
      }),
      { url: 'http://127.0.0.1:9000/hook', headers: { 'x-secret': 's' }, metadata: { run: '1' }, events: ['completed'] },
    );
  });

  test('each variant has its own event names', () => {
    assert.deepEqual(accept(agentWebhook, 'https://h.example.com').events, ['started', 'action', 'completed', 'failed', 'cancelled']);
    assert.deepEqual(accept(monitorWebhook, 'https://h.example.com').events, ['monitor.page', 'monitor.check.completed']);
    assert.ok(reject(webhook, { url: 'https://h.example.com', events: ['action'] }).size > 0);
    assert.ok(reject(monitorWebhook, { url: 'https://h.example.com', events: ['page'] }).size > 0);
  });

  test('unknown keys inside the object are refused', () => {
    assertIssue(
      webhook,
      { url: 'https://h.example.com', secret: 'x' },
      '',
      'Unrecognized key in body -- please review the v2 API documentation for request body changes',
    );
  });

  test('the URL must be an absolute http(s) URL', () => {
    assertIssue(webhook, 'not a url', 'url', 'Invalid URL');
    assertIssue(webhook, { url: 'ftp://h.example.com' }, 'url', 'URL uses unsupported protocol');
  });
});
