import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { agentListQuery, agentRequest, agentThreadQuery, agentTraceQuery } from '../../src/api/agent.js';
import { accept, reject } from './issues.js';

describe('POST /v2/agent body (§10.1)', () => {
  test('defaults', () => {
    assert.deepEqual(accept(agentRequest, { prompt: 'Find AI startups in Berlin' }), {
      prompt: 'Find AI startups in Berlin',
      maxCredits: 2500,
      strictConstrainToURLs: false,
      model: 'spark-1-pro',
      mode: 'extract',
      origin: 'api',
    });
  });

  test('all fields', () => {
    const out = accept(agentRequest, {
      prompt: 'p',
      urls: ['example.com'],
      schema: { type: 'object', properties: { name: { type: 'string' } } },
      maxCredits: 100,
      strictConstrainToURLs: true,
      model: 'spark-2',
      effort: 'high',
      webhook: { url: 'https://h.example.com', events: ['action', 'cancelled'] },
      threadId: 'thread-1',
      mode: 'chat',
      exchange: { enabled: true, toolkits: ['a'], approve: { approvalId: 'ap-1', callIds: ['c'] }, onTermsRequired: 'ask' },
      threatProtection: { mode: 'off' },
      auditMetadata: { username: 'a' },
    });
    assert.deepEqual(out.urls, ['http://example.com/']);
    assert.deepEqual(out.webhook?.events, ['action', 'cancelled']);
  });

  test('refusals', () => {
    assert.ok(reject(agentRequest, {}).has('prompt'));
    assert.ok(reject(agentRequest, { prompt: 'p', model: 'gpt-5' }).has('model'));
    assert.ok(reject(agentRequest, { prompt: 'p', maxCredits: 0 }).has('maxCredits'));
    assert.ok(reject(agentRequest, { prompt: 'p', urls: ['localhost'] }).has('urls.0'));
    assert.ok(reject(agentRequest, { prompt: 'p', exchange: { toolkits: ['1', '2', '3', '4', '5', '6'] } }).has('exchange.toolkits'));
    assert.ok(reject(agentRequest, { prompt: 'p', webhook: { url: 'https://h.example.com', events: ['page'] } }).size > 0);
  });
});

describe('agent queries (§10.4, §10.5, §10.7)', () => {
  test('before is unix milliseconds from the query string', () => {
    assert.deepEqual(accept(agentListQuery, { before: '1725364800000' }), { before: 1725364800000 });
    assert.deepEqual(accept(agentListQuery, {}), {});
    assert.ok(reject(agentListQuery, { before: 'yesterday' }).has('before'));
  });

  test('liveView and includeData are booleans defaulting to false', () => {
    assert.deepEqual(accept(agentTraceQuery, {}), { liveView: false });
    assert.deepEqual(accept(agentTraceQuery, { liveView: 'true' }), { liveView: true });
    assert.deepEqual(accept(agentThreadQuery, { includeData: 'true' }), { includeData: true });
  });
});
