import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  monitorCheckQuery,
  monitorChecksQuery,
  monitorCreateRequest,
  monitorListQuery,
  monitorRunRequest,
  monitorSchedule,
  monitorUpdateRequest,
} from '../../src/api/monitor.js';
import { accept, assertIssue, reject } from './issues.js';

const scrapeTarget = { type: 'scrape', urls: ['example.com/blog'] };

describe('monitor schedule (§12.1)', () => {
  test('exactly one of cron and text', () => {
    const message = "Exactly one of 'cron' or 'text' must be provided.";
    assertIssue(monitorSchedule, {}, '', message);
    assertIssue(monitorSchedule, { cron: '0 * * * *', text: 'hourly' }, '', message);
    assertIssue(monitorSchedule, { cron: null, text: null }, '', message);
  });

  test('text is normalised to cron and echoed; timezone defaults to UTC', () => {
    assert.deepEqual(accept(monitorSchedule, { text: 'daily at 9am', timezone: 'Europe/Berlin' }), {
      cron: '0 9 * * *',
      text: 'daily at 9am',
      timezone: 'Europe/Berlin',
    });
    assert.deepEqual(accept(monitorSchedule, { cron: '*/30 * * * *' }), { cron: '*/30 * * * *', timezone: 'UTC' });
  });

  test('bad cron, text and time zones are refused', () => {
    assertIssue(monitorSchedule, { cron: '*/2 * * * *' }, 'cron', 'Schedules must not run more often than every 5 minutes');
    assertIssue(monitorSchedule, { text: 'now and then' }, 'text', /^Could not understand/);
    assert.ok(reject(monitorSchedule, { cron: '0 * * * *', timezone: 'Mars/Olympus' }).has('timezone'));
  });
});

describe('POST /v2/monitor body (§12.3)', () => {
  test('defaults and normalised targets', () => {
    const out = accept(monitorCreateRequest, { name: 'Blog', schedule: { text: 'hourly' }, targets: [scrapeTarget] });
    assert.equal(out.retentionDays, 30);
    assert.equal(out.origin, 'api');
    assert.deepEqual(out.schedule, { cron: '0 * * * *', text: 'hourly', timezone: 'UTC' });
    assert.deepEqual(out.targets, [{ type: 'scrape', urls: ['http://example.com/blog'] }]);
  });

  test('crawl and search targets', () => {
    const out = accept(monitorCreateRequest, {
      name: 'All',
      schedule: { cron: '0 0 * * *' },
      goal: 'New pricing',
      targets: [
        { id: '3f5c1d2e-1a2b-4c3d-9e8f-0a1b2c3d4e5f', type: 'crawl', url: 'example.com', crawlOptions: { limit: 50, includePaths: ['blog/'] }, scrapeOptions: { formats: ['markdown', 'changeTracking'] } },
        { type: 'search', queries: ['example pricing'], includeDomains: ['example.com'] },
      ],
      webhook: 'https://h.example.com/monitor',
      notification: { email: { enabled: true, recipients: ['ops@example.com'] } },
    });
    const [crawl, search] = out.targets;
    assert.equal(crawl?.type === 'crawl' && crawl.crawlOptions?.limit, 50);
    assert.deepEqual(search?.type === 'search' && [search.searchWindow, search.maxResults], ['24h', 10]);
    assert.deepEqual(out.webhook?.events, ['monitor.page', 'monitor.check.completed']);
    assert.deepEqual(out.notification?.email, { enabled: true, recipients: ['ops@example.com'], includeDiffs: false });
  });

  test('target rules', () => {
    const base = { name: 'x', schedule: { text: 'hourly' } };
    assert.ok(reject(monitorCreateRequest, { ...base, targets: [] }).has('targets'));
    assert.ok(reject(monitorCreateRequest, { ...base, targets: Array(51).fill(scrapeTarget) }).has('targets'));
    assert.ok(reject(monitorCreateRequest, { ...base, targets: [{ type: 'scrape', urls: [] }] }).has('targets.0.urls'));
    assert.ok(reject(monitorCreateRequest, { ...base, goal: 'g', targets: [{ type: 'search', queries: Array(13).fill('q') }] }).has('targets.0.queries'));
    assert.ok(reject(monitorCreateRequest, { ...base, goal: 'g', targets: [{ type: 'search', queries: ['q'], searchWindow: '2d' }] }).has('targets.0.searchWindow'));
    assert.ok(reject(monitorCreateRequest, { ...base, targets: [{ type: 'feed', url: 'example.com' }] }).has('targets.0.type'));
    assert.ok(reject(monitorCreateRequest, { ...base, targets: [scrapeTarget], retentionDays: 366 }).has('retentionDays'));
    assert.ok(reject(monitorCreateRequest, { ...base, targets: [scrapeTarget], notification: { email: { recipients: ['nope'] } } }).has('notification.email.recipients.0'));
  });

  test('search targets need a goal unless judging is off', () => {
    const body = { name: 'x', schedule: { text: 'hourly' }, targets: [{ type: 'search', queries: ['q'] }] };
    assertIssue(monitorCreateRequest, body, 'goal', 'A goal is required for search targets unless judgeEnabled is false');
    assertIssue(monitorCreateRequest, { ...body, goal: '  ' }, 'goal', 'A goal is required for search targets unless judgeEnabled is false');
    accept(monitorCreateRequest, { ...body, judgeEnabled: false });
    accept(monitorCreateRequest, { ...body, goal: 'price drops' });
  });
});

describe('PATCH /v2/monitor/{id} body (§12.6)', () => {
  test('any subset, without defaults', () => {
    assert.deepEqual(accept(monitorUpdateRequest, { status: 'paused', origin: 'js-sdk@4' }), { status: 'paused', origin: 'js-sdk@4' });
  });

  test('null removes webhook, notification and goal', () => {
    assert.deepEqual(accept(monitorUpdateRequest, { webhook: null, notification: null, goal: null }), {
      webhook: null,
      notification: null,
      goal: null,
      origin: 'api',
    });
  });

  test('at least one field besides origin/integration', () => {
    assertIssue(monitorUpdateRequest, { origin: 'js-sdk@4', integration: 'x' }, '', 'At least one field to update must be provided');
    assertIssue(monitorUpdateRequest, { name: null }, '', 'At least one field to update must be provided');
    assert.ok(reject(monitorUpdateRequest, { status: 'deleted' }).has('status'));
  });
});

describe('monitor run body and queries (§12.4, §12.8–12.10)', () => {
  test('run takes only the injected fields', () => {
    assert.deepEqual(accept(monitorRunRequest, { origin: 'js-sdk@4' }), { origin: 'js-sdk@4' });
    assert.ok(reject(monitorRunRequest, { force: true }).has(''));
  });

  test('list paging', () => {
    assert.deepEqual(accept(monitorListQuery, {}), { limit: 25, offset: 0 });
    assert.deepEqual(accept(monitorListQuery, { limit: '100', offset: '50' }), { limit: 100, offset: 50 });
    assert.ok(reject(monitorListQuery, { limit: '101' }).has('limit'));
  });

  test('checks filter by check status, check detail by page status', () => {
    assert.deepEqual(accept(monitorChecksQuery, { status: 'partial' }), { limit: 25, offset: 0, status: 'partial' });
    assert.ok(reject(monitorChecksQuery, { status: 'changed' }).has('status'));
    assert.deepEqual(accept(monitorCheckQuery, { skip: '25', status: 'changed' }), { limit: 25, skip: 25, status: 'changed' });
    assert.ok(reject(monitorCheckQuery, { status: 'running' }).has('status'));
  });
});
