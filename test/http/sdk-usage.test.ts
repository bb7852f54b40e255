import assert from 'node:assert/strict';
import Firecrawl, { SdkError } from '@mendable/firecrawl-js';
import { after, before, describe, test } from 'node:test';
import { charge } from '../../src/billing/credits.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const ACME_KEY = 'fc-5d5d5d5d5d5d5d5d5d5d5d5d5d5d5d5d';

describe('usage through the official JS SDK', () => {
  let s: TestServer;
  let fc: Firecrawl;

  before(async () => {
    s = await startTestServer({ TRAWL_API_KEYS: `acme:${ACME_KEY}`, TRAWL_DEFAULT_PLAN: 'standard' });
    const acme = (await s.trawl.store.teams.findTeamByName('acme'))!;
    const key = (await s.trawl.store.teams.listApiKeys(acme.id))[0]!;
    await charge(s.trawl.store, { teamId: acme.id, apiKeyId: key.id, credits: 40, kind: 'scrape' });
    await charge(s.trawl.store, { teamId: acme.id, apiKeyId: key.id, tokens: 150, kind: 'extract' });
    fc = new Firecrawl({ apiKey: ACME_KEY, apiUrl: s.url });
  });
  after(() => s.close());

  test('getCreditUsage', async () => {
    const u = await fc.getCreditUsage();
    assert.equal(u.remainingCredits, 100_000 - 50);
    assert.equal(u.planCredits, 100_000);
    assert.match(u.billingPeriodStart ?? '', /^\d{4}-\d{2}-01T00:00:00Z$/);
    assert.match(u.billingPeriodEnd ?? '', /^\d{4}-\d{2}-\d{2}T23:59:59Z$/);
  });

  test('getTokenUsage', async () => {
    const u = await fc.getTokenUsage();
    assert.equal(u.remainingTokens, (100_000 - 50) * 15);
    assert.equal(u.planTokens, 1_500_000);
  });

  test('getCreditUsageHistorical, per team and per key', async () => {
    const h = await fc.getCreditUsageHistorical();
    assert.equal(h.success, true);
    assert.equal(h.periods.length, 1);
    assert.equal(h.periods[0]!.creditsUsed, 50);
    const byKey = await fc.getCreditUsageHistorical(true);
    assert.deepEqual(
      byKey.periods.map((p) => [p.apiKey, p.creditsUsed]),
      [['TRAWL_API_KEYS', 50]],
    );
  });

  test('getTokenUsageHistorical', async () => {
    const h = await fc.getTokenUsageHistorical();
    assert.equal(h.periods[0]!.tokensUsed, 750);
    const byKey = await fc.getTokenUsageHistorical(true);
    assert.equal(byKey.periods[0]!.tokensUsed, 750);
  });

  test('an invalid key surfaces as an SdkError with status 401', async () => {
    const bad = new Firecrawl({ apiKey: 'fc-ffffffffffffffffffffffffffffffff', apiUrl: s.url });
    await assert.rejects(bad.getCreditUsage(), (e: unknown) => {
      assert.ok(e instanceof SdkError, String(e));
      assert.equal(e.status, 401);
      assert.equal(e.message, 'Unauthorized: Invalid token');
      return true;
    });
    await assert.rejects(bad.getTokenUsage(), (e: unknown) => e instanceof SdkError && e.status === 401);
  });
});
