import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { after, before, describe, test } from 'node:test';
import { bootstrapTeams } from '../../src/auth/bootstrap.js';
import { charge } from '../../src/billing/credits.js';
import { billingGuards } from '../../src/billing/guards/index.js';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { TrawlError } from '../../src/errors/trawl-error.js';
import type { RouteSpec } from '../../src/http/route.js';
import { createSqliteStore } from '../../src/store/sqlite/index.js';
import type { Store } from '../../src/store/store.js';
import { startTestServer, TEST_KEY, type TestServer } from '../helpers/server.js';

const SMALL_KEY = 'fc-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const asSmall = { authorization: `Bearer ${SMALL_KEY}` };

/** §1.9's text, with the part the contract elides (`…`) left free. */
const RATE_LIMIT_TEXT =
  /^Rate limit exceeded\. Consumed \(req\/min\): (\d+), Remaining \(req\/min\): (\d+)\. .*please retry after (\d+)s, resets at (\S+)$/;

async function teamNamed(store: Store, name: string) {
  const t = await store.teams.findTeamByName(name);
  assert.ok(t, name);
  return t;
}

describe('rate limits (§1.9)', () => {
  let s: TestServer;
  before(async () => {
    // The declared team is on the free plan: 10 scrape-class requests a minute.
    s = await startTestServer({ TRAWL_API_KEYS: `small:${SMALL_KEY}`, TRAWL_DEFAULT_PLAN: 'free' });
  });
  after(() => s.close());

  test('past the plan’s limit: 429 with the §1.9 text and Retry-After', async () => {
    // Limits run before validation, so even invalid requests count; these do no work.
    for (let i = 1; i <= 10; i++) {
      const r = await s.api('POST', '/v2/scrape', {}, asSmall);
      assert.equal(r.status, 400, `request ${i}: ${JSON.stringify(r.body)}`);
    }
    const r = await s.api('POST', '/v2/scrape', {}, asSmall);
    assert.equal(r.status, 429, JSON.stringify(r.body));
    assert.equal(r.body.success, false);
    const m = RATE_LIMIT_TEXT.exec(r.body.error);
    assert.ok(m, r.body.error);
    assert.deepEqual([Number(m[1]), Number(m[2])], [10, 0]);
    const retryAfter = r.headers.get('retry-after');
    assert.match(retryAfter ?? '', /^\d+$/);
    assert.ok(Number(retryAfter) >= 1 && Number(retryAfter) <= 60, retryAfter ?? '');
    assert.equal(Number(m[3]), Number(retryAfter), 'the text and the header agree');
    const resetsAt = Date.parse(m[4]!);
    assert.ok(resetsAt > Date.now() && resetsAt <= Date.now() + 60_000, m[4]);
    assert.match(r.headers.get('content-type') ?? '', /application\/json/);
  });

  test('the limit is per class and per team', async () => {
    // batch scrape shares the scrape class (§1.9), which is spent…
    assert.equal((await s.api('POST', '/v2/batch/scrape', {}, asSmall)).status, 429);
    // …other classes are not,
    assert.equal((await s.api('POST', '/v2/map', {}, asSmall)).status, 400);
    assert.equal((await s.api('GET', '/v2/team/credit-usage', undefined, asSmall)).status, 200);
    // …and neither is another team's scrape class.
    assert.equal((await s.api('POST', '/v2/scrape', {})).status, 400);
  });

  test('unauthenticated requests are refused before they count', async () => {
    const r = await s.api('POST', '/v2/scrape', {}, { authorization: 'Bearer fc-nope' });
    assert.equal(r.status, 401);
  });
});

describe('rate limits switched off (TRAWL_RATE_LIMITS=off)', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ TRAWL_API_KEYS: `small:${SMALL_KEY}`, TRAWL_DEFAULT_PLAN: 'free', TRAWL_RATE_LIMITS: 'off' });
  });
  after(() => s.close());

  test('every request goes through', async () => {
    for (let i = 1; i <= 30; i++) {
      const r = await s.api('POST', '/v2/scrape', {}, asSmall);
      assert.equal(r.status, 400, `request ${i}: ${JSON.stringify(r.body)}`);
    }
  });
});

describe('credits (§1.10)', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ TRAWL_API_KEYS: `small:${SMALL_KEY}`, TRAWL_DEFAULT_PLAN: 'free', TRAWL_RATE_LIMITS: 'off' });
    const small = await teamNamed(s.trawl.store, 'small');
    await charge(s.trawl.store, { teamId: small.id, apiKeyId: null, credits: 498, kind: 'scrape' });
  });
  after(() => s.close());

  test('a request needing more credits than are left: 402 before any work', async () => {
    // 2 credits left; a batch of 3 URLs needs 3.
    const urls = ['https://example.com/a', 'https://example.com/b', 'https://example.com/c'];
    const batch = await s.api('POST', '/v2/batch/scrape', { urls }, asSmall);
    assert.equal(batch.status, 402, JSON.stringify(batch.body));
    assert.equal(batch.body.success, false);
    assert.match(batch.body.error, /^Insufficient credits to perform this request\. It needs 3 credits and the team has 2 left/);
    const search = await s.api('POST', '/v2/search', { query: 'trawl', limit: 5 }, asSmall);
    assert.equal(search.status, 402);
    assert.match(search.body.error, /^Insufficient credits to perform this request\./);
  });

  test('a team out of credits gets 402 on POST /v2/scrape; extract and agent speak of tokens', async () => {
    const small = await teamNamed(s.trawl.store, 'small');
    await charge(s.trawl.store, { teamId: small.id, apiKeyId: null, credits: 2, kind: 'scrape' });
    const r = await s.api('POST', '/v2/scrape', { url: 'https://example.com' }, asSmall);
    assert.equal(r.status, 402, JSON.stringify(r.body));
    assert.match(r.body.error, /^Insufficient credits to perform this request\. It needs 1 credits and the team has 0 left/);
    const x = await s.api('POST', '/v2/extract', { urls: ['https://example.com'], prompt: 'title' }, asSmall);
    assert.equal(x.status, 402, JSON.stringify(x.body));
    assert.match(x.body.error, /^Insufficient tokens to perform this request\. It needs 15 tokens and the team has 0 left/);
  });

  test('the check runs after validation: an invalid body is still a 400', async () => {
    assert.equal((await s.api('POST', '/v2/scrape', {}, asSmall)).status, 400);
  });

  test('an unlimited team is never refused', async () => {
    const def = await teamNamed(s.trawl.store, 'default');
    await charge(s.trawl.store, { teamId: def.id, apiKeyId: null, credits: 5_000_000_000, kind: 'crawl' });
    const r = await s.api('POST', '/v2/scrape', { url: 'https://example.com' });
    assert.notEqual(r.status, 402, JSON.stringify(r.body));
  });

  test('a team on an unknown plan has no credits', async () => {
    const other = await s.trawl.store.teams.createTeam({ name: 'gold-team', plan: 'gold' });
    const key = 'fc-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
    const { hashKey } = await import('../../src/auth/keys.js');
    await s.trawl.store.teams.addApiKey({ teamId: other.id, name: 'k', keyHash: hashKey(key), prefix: 'fc-bbbb' });
    const r = await s.api('POST', '/v2/scrape', { url: 'https://example.com' }, { authorization: `Bearer ${key}` });
    assert.equal(r.status, 402);
    assert.match(r.body.error, /^Insufficient credits to perform this request\. The team's plan "gold" is not a plan this server knows/);
  });
});

describe('idempotency (§1.12) on the product routes', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  test('a request that fails leaves its key free; one that succeeds holds it', async () => {
    const body = { urls: ['http://127.0.0.1:9/a'] };
    const headers = { 'x-idempotency-key': 'b8a5e0f6-2d4c-4c53-9a53-0c3b2d1f7e10' };
    const first = await s.api('POST', '/v2/batch/scrape', body, headers);
    const second = await s.api('POST', '/v2/batch/scrape', body, headers);
    if (first.status === 200) {
      assert.equal(second.status, 409);
      assert.deepEqual(second.body, { success: false, error: 'Idempotency key already used' });
    } else {
      // Batch scrape not built yet (501), or refused: the undo released the key.
      assert.equal(second.status, first.status, JSON.stringify(second.body));
    }
  });
});

/**
 * The guards in the real request pipeline (buildApp), on routes of the test's
 * own that succeed or fail on demand, since no product route finishes yet.
 */
describe('idempotency guard (§1.12)', () => {
  const OTHER_KEY = 'fc-cccccccccccccccccccccccccccccccc';
  let dir: string;
  let store: Store;
  let app: FastifyInstance;
  let runs = 0;

  const routes: RouteSpec[] = [
    {
      method: 'POST',
      url: '/test/start',
      operationId: 'testStart',
      summary: 'succeeds unless asked to fail',
      tag: 'Test',
      rateClass: 'crawl',
      idempotent: true,
      async handler(ctx) {
        runs++;
        const b = ctx.req.body as { fail?: 'api' | 'crash' } | undefined;
        if (b?.fail === 'api') throw new TrawlError('INVALID_REQUEST', 'refused');
        if (b?.fail === 'crash') throw new Error('boom');
        return { success: true, runs };
      },
    },
    {
      method: 'POST',
      url: '/test/plain',
      operationId: 'testPlain',
      summary: 'does not honour the key',
      tag: 'Test',
      rateClass: 'crawl',
      handler: async () => ({ success: true }),
    },
  ];

  const post = (url: string, key: string | undefined, body: object = {}, bearer = TEST_KEY) =>
    app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${bearer}`, ...(key ? { 'x-idempotency-key': key } : {}) },
      payload: body,
    });

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-guard-'));
    const config = loadConfig({
      TRAWL_DATA_DIR: dir,
      TRAWL_API_KEY: TEST_KEY,
      TRAWL_API_KEYS: `other:${OTHER_KEY}`,
      TRAWL_RATE_LIMITS: 'off',
      TRAWL_LOG_LEVEL: 'silent',
    });
    store = createSqliteStore(dir);
    await bootstrapTeams(config, store);
    app = await buildApp({ config, store, routes, guards: billingGuards(config, store) });
  });
  after(async () => {
    await app.close();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('first use runs, reuse answers 409 with the exact body and does no work', async () => {
    const first = await post('/test/start', 'key-1');
    assert.equal(first.statusCode, 200);
    const before = runs;
    const again = await post('/test/start', 'key-1');
    assert.equal(again.statusCode, 409);
    assert.deepEqual(again.json(), { success: false, error: 'Idempotency key already used' });
    assert.equal(runs, before, 'the handler did not run');
  });

  test('keys are per team', async () => {
    assert.equal((await post('/test/start', 'key-2')).statusCode, 200);
    assert.equal((await post('/test/start', 'key-2', {}, OTHER_KEY)).statusCode, 200);
    assert.equal((await post('/test/start', 'key-2', {}, OTHER_KEY)).statusCode, 409);
  });

  test('a request that fails releases its key, so the retry succeeds', async () => {
    assert.equal((await post('/test/start', 'key-3', { fail: 'api' })).statusCode, 400);
    assert.equal((await post('/test/start', 'key-3', { fail: 'crash' })).statusCode, 500);
    assert.equal((await post('/test/start', 'key-3')).statusCode, 200);
    assert.equal((await post('/test/start', 'key-3')).statusCode, 409);
  });

  test('without the header, or on a route that does not honour it, nothing is recorded', async () => {
    assert.equal((await post('/test/start', undefined)).statusCode, 200);
    assert.equal((await post('/test/start', undefined)).statusCode, 200);
    assert.equal((await post('/test/plain', 'key-4')).statusCode, 200);
    assert.equal((await post('/test/plain', 'key-4')).statusCode, 200);
    assert.equal((await post('/test/start', 'key-4')).statusCode, 200, 'the plain route did not claim it');
  });

  test('concurrent requests with one key: exactly one runs', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => post('/test/start', 'key-5')));
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, ...Array(9).fill(409)]);
  });
});
