import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { hashKey, keyPrefix } from '../../src/auth/keys.js';
import { charge } from '../../src/billing/credits.js';
import type { Store } from '../../src/store/store.js';
import { rawSql } from '../helpers/raw-sql.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const ACME_KEY = 'fc-acacacacacacacacacacacacacacacac';
const CI_KEY = 'fc-c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1';
const LAPTOP_KEY = 'fc-1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a';
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** The current and the previous billing month as the endpoints write their bounds. */
function months(now = new Date()) {
  const bounds = (y: number, m: number) => {
    const start = new Date(Date.UTC(y, m, 1));
    const end = new Date(Date.UTC(y, m + 1, 1) - 1000);
    const iso = (d: Date) => d.toISOString().replace('.000Z', 'Z');
    return { start: iso(start), end: iso(end), mid: new Date(Date.UTC(y, m, 15)) };
  };
  return { current: bounds(now.getUTCFullYear(), now.getUTCMonth()), previous: bounds(now.getUTCFullYear(), now.getUTCMonth() - 1) };
}

async function addKey(store: Store, teamId: string, name: string, key: string) {
  return store.teams.addApiKey({ teamId, name, keyHash: hashKey(key), prefix: keyPrefix(key) });
}

function assertIntegers(o: Record<string, unknown>, fields: string[]) {
  for (const f of fields) assert.ok(Number.isSafeInteger(o[f]), `${f} = ${JSON.stringify(o[f])} is not an integer`);
}

describe('usage endpoints (§13.1–§13.4)', () => {
  let s: TestServer;
  const { current, previous } = months();

  before(async () => {
    s = await startTestServer({ TRAWL_API_KEYS: `acme:${ACME_KEY}`, TRAWL_DEFAULT_PLAN: 'hobby' });
    const store = s.trawl.store;
    const acme = (await store.teams.findTeamByName('acme'))!;
    const declared = (await store.teams.listApiKeys(acme.id))[0]!;
    const ci = await addKey(store, acme.id, 'ci', CI_KEY);
    const laptop = await addKey(store, acme.id, 'laptop', LAPTOP_KEY);
    const c = (apiKeyId: string, credits: number, at?: Date) => charge(store, { teamId: acme.id, apiKeyId, credits, kind: 'scrape', at });
    await c(ci.id, 100);
    await c(laptop.id, 20);
    await c(declared.id, 5);
    await c(ci.id, 7, previous.mid);
  });
  after(() => s.close());

  test('credit usage of an unlimited team: 999999999, never Infinity', async () => {
    const r = await s.api('GET', '/v2/team/credit-usage');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      success: true,
      data: { remainingCredits: 999_999_999, planCredits: 999_999_999, billingPeriodStart: current.start, billingPeriodEnd: current.end },
    });
  });

  test('credit usage: plan credits less this month’s charges', async () => {
    const r = await s.api('GET', '/v2/team/credit-usage', undefined, bearer(ACME_KEY));
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      success: true,
      data: { remainingCredits: 3000 - 125, planCredits: 3000, billingPeriodStart: current.start, billingPeriodEnd: current.end },
    });
    assertIntegers(r.body.data, ['remainingCredits', 'planCredits']);
  });

  test('token usage is credit usage × 15, whichever key of the team asks', async () => {
    for (const key of [ACME_KEY, CI_KEY, LAPTOP_KEY]) {
      const r = await s.api('GET', '/v2/team/token-usage', undefined, bearer(key));
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, {
        success: true,
        data: { remainingTokens: (3000 - 125) * 15, planTokens: 45_000, billingPeriodStart: current.start, billingPeriodEnd: current.end },
      });
      assertIntegers(r.body.data, ['remainingTokens', 'planTokens']);
    }
    const unlimited = await s.api('GET', '/v2/team/token-usage');
    assert.equal(unlimited.body.data.remainingTokens, 999_999_999 * 15);
  });

  test('credit history: one period per month, newest first, creditsUsed = totalCredits', async () => {
    for (const q of ['', '?byApiKey=false']) {
      const r = await s.api('GET', `/v2/team/credit-usage/historical${q}`, undefined, bearer(ACME_KEY));
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.deepEqual(r.body, {
        success: true,
        periods: [
          { startDate: current.start, endDate: current.end, apiKey: null, creditsUsed: 125, totalCredits: 125 },
          { startDate: previous.start, endDate: previous.end, apiKey: null, creditsUsed: 7, totalCredits: 7 },
        ],
      });
    }
  });

  test('credit history by key: one period per (month, key), named by the key’s name', async () => {
    const r = await s.api('GET', '/v2/team/credit-usage/historical?byApiKey=true', undefined, bearer(ACME_KEY));
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(
      r.body.periods.map((p: Record<string, unknown>) => [p.startDate, p.apiKey, p.creditsUsed, p.totalCredits]),
      [
        [current.start, 'ci', 100, 100],
        [current.start, 'laptop', 20, 20],
        [current.start, 'TRAWL_API_KEYS', 5, 5],
        [previous.start, 'ci', 7, 7],
      ],
    );
    for (const p of r.body.periods) assertIntegers(p, ['creditsUsed', 'totalCredits']);
  });

  test('token history: tokensUsed = totalTokens = credits × 15, by month and by key', async () => {
    const r = await s.api('GET', '/v2/team/token-usage/historical', undefined, bearer(ACME_KEY));
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      success: true,
      periods: [
        { startDate: current.start, endDate: current.end, apiKey: null, tokensUsed: 1875, totalTokens: 1875 },
        { startDate: previous.start, endDate: previous.end, apiKey: null, tokensUsed: 105, totalTokens: 105 },
      ],
    });
    const byKey = await s.api('GET', '/v2/team/token-usage/historical?byApiKey=true', undefined, bearer(ACME_KEY));
    assert.deepEqual(
      byKey.body.periods.map((p: Record<string, unknown>) => [p.endDate, p.apiKey, p.tokensUsed, p.totalTokens]),
      [
        [current.end, 'ci', 1500, 1500],
        [current.end, 'laptop', 300, 300],
        [current.end, 'TRAWL_API_KEYS', 75, 75],
        [previous.end, 'ci', 105, 105],
      ],
    );
  });

  test('a team without usage: its current month at 0; by key, nothing', async () => {
    const r = await s.api('GET', '/v2/team/credit-usage/historical');
    assert.deepEqual(r.body.periods, [{ startDate: current.start, endDate: current.end, apiKey: null, creditsUsed: 0, totalCredits: 0 }]);
    const byKey = await s.api('GET', '/v2/team/token-usage/historical?byApiKey=true');
    assert.deepEqual(byKey.body, { success: true, periods: [] });
  });

  test('a team on an unknown plan: 404 "could not be found"; its history still answers', async () => {
    const store = s.trawl.store;
    const lost = await store.teams.createTeam({ name: 'lost', plan: 'gold' });
    const key = 'fc-0000000000000000000000000000beef';
    await addKey(store, lost.id, 'k', key);
    const tokens = await s.api('GET', '/v2/team/token-usage', undefined, bearer(key));
    assert.equal(tokens.status, 404);
    assert.equal(tokens.body.success, false);
    assert.ok(tokens.body.error.includes('token usage information could not be found'), tokens.body.error);
    assert.ok(tokens.body.error.startsWith('Could not find token usage information'), tokens.body.error);
    const credits = await s.api('GET', '/v2/team/credit-usage', undefined, bearer(key));
    assert.equal(credits.status, 404);
    assert.ok(credits.body.error.startsWith('Could not find credit usage information'), credits.body.error);
    const history = await s.api('GET', '/v2/team/token-usage/historical', undefined, bearer(key));
    assert.equal(history.status, 200);
  });
});

describe('usage endpoints when storage fails', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
    // Break the ledger from outside, as a damaged database would.
    await rawSql(s, 'DROP TABLE ledger; DROP TABLE ledger_months');
  });
  after(() => s.close());

  const EXCEPTION_ID = /exception ID is [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  test('token usage: 500 "internal server error while fetching token usage" with an exception id', async () => {
    const r = await s.api('GET', '/v2/team/token-usage');
    assert.equal(r.status, 500);
    assert.equal(r.body.success, false);
    assert.ok(r.body.error.includes('internal server error while fetching token usage'), r.body.error);
    assert.match(r.body.error, EXCEPTION_ID);
    assert.doesNotMatch(r.body.error, /ledger|SQLITE/i, 'no internals leak to the caller');
  });

  test('credit usage and both histories answer the analogous 500', async () => {
    for (const [p, subject] of [
      ['/v2/team/credit-usage', 'credit usage'],
      ['/v2/team/credit-usage/historical', 'credit usage'],
      ['/v2/team/token-usage/historical?byApiKey=true', 'token usage'],
    ] as const) {
      const r = await s.api('GET', p);
      assert.equal(r.status, 500, p);
      assert.ok(r.body.error.includes(`internal server error while fetching ${subject}`), r.body.error);
      assert.match(r.body.error, EXCEPTION_ID);
    }
  });
});
