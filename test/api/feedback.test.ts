import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { feedbackRequest, searchFeedbackRequest } from '../../src/api/feedback.js';
import { accept, assertIssue, reject } from './issues.js';

const jobId = '3f5c1d2e-1a2b-4c3d-9e8f-0a1b2c3d4e5f';

describe('POST /v2/feedback body (§14.1)', () => {
  test('a full feedback', () => {
    const out = accept(feedbackRequest, {
      endpoint: 'search',
      jobId,
      rating: 'partial',
      valuableSources: [{ url: 'https://docs.example.com', reason: 'exact answer' }],
      missingContent: [{ topic: 'pricing', description: 'no plan table' }],
      querySuggestions: 'add "plans"',
      issues: ['stale-result'],
      tags: ['docs_search'],
      note: 'ok',
      url: 'https://example.com/',
      pageNumbers: [1, 2],
      metadata: { client: 'cli' },
    });
    assert.equal(out.rating, 'partial');
    assert.equal(out.origin, 'api');
  });

  test('required fields and enums', () => {
    const issues = reject(feedbackRequest, {});
    assert.ok(issues.has('endpoint') && issues.has('jobId') && issues.has('rating'));
    assert.ok(reject(feedbackRequest, { endpoint: 'crawl', jobId, rating: 'good' }).has('endpoint'));
    assert.ok(reject(feedbackRequest, { endpoint: 'map', jobId: 'job-1', rating: 'good' }).has('jobId'));
  });

  test('labels, sizes and metadata budget', () => {
    const base = { endpoint: 'scrape', jobId, rating: 'bad' };
    assertIssue(feedbackRequest, { ...base, tags: ['Bad Tag'] }, 'tags.0', /^Use lower-case letters/);
    assert.ok(reject(feedbackRequest, { ...base, issues: Array(21).fill('a') }).has('issues'));
    assert.ok(reject(feedbackRequest, { ...base, pageNumbers: [0] }).has('pageNumbers.0'));
    assert.ok(reject(feedbackRequest, { ...base, missingContent: [{ topic: '' }] }).has('missingContent.0.topic'));
    assertIssue(feedbackRequest, { ...base, metadata: { blob: 'x'.repeat(9000) } }, 'metadata', 'metadata must not exceed 8 KB when serialized');
  });
});

describe('POST /v2/search/{jobId}/feedback body (§14.2)', () => {
  test('no endpoint/jobId and a smaller field set', () => {
    accept(searchFeedbackRequest, { rating: 'good', valuableSources: [{ url: 'https://a.example.com' }], origin: 'js-sdk@4' });
    for (const field of ['endpoint', 'jobId', 'tags', 'note', 'url', 'pageNumbers', 'metadata', 'issues']) {
      assert.ok(reject(searchFeedbackRequest, { rating: 'good', [field]: 'x' }).has(''), field);
    }
    assert.ok(reject(searchFeedbackRequest, { rating: 'bad', missingContent: Array(21).fill({ topic: 't' }) }).has('missingContent'));
  });
});
