import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl, { SdkError } from '@mendable/firecrawl-js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const OTHER_KEY = 'fc-threat-other-team-000000000000';

describe("the team's threat-protection policy (GET/PUT /v2/team/threat-protection)", () => {
  let s: TestServer;
  let site: Site;
  let fc: Firecrawl;
  const at = (host: string) => `http://${host}:${new URL(site.url('/')).port}/page`;

  before(async () => {
    site = await startSite({ '/page': { html: '<html><head><title>Page</title></head><body><p>Harbour page.</p></body></html>' } });
    s = await startTestServer({
      TRAWL_API_KEYS: `other:${OTHER_KEY}`,
      TRAWL_RESOLVE: 'good.test=127.0.0.1,bad.test=127.0.0.1,cdn.bad.test=127.0.0.1,trusted.bad.test=127.0.0.1,files.zip=127.0.0.1',
    });
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('a team that saved nothing gets the defaults, marked not configured', async () => {
    const r = await s.api('GET', '/v2/team/threat-protection');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      success: true,
      data: { mode: 'off', riskScoreThreshold: 75, blacklist: [], whitelist: [], blockedTlds: [], failurePolicy: 'closed', allowRequestOverrides: true, configured: false, updatedAt: null },
    });
  });

  test('the saved blacklist and blocked TLDs refuse scrapes (also crawl pages), the whitelist wins; other teams are untouched', async () => {
    const put = await s.api('PUT', '/v2/team/threat-protection', { mode: 'off', blacklist: ['*.bad.test', 'bad.test'], whitelist: ['trusted.bad.test'], blockedTlds: ['zip'] });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.equal(put.body.data.configured, true);
    assert.deepEqual(put.body.data.blacklist, ['*.bad.test', 'bad.test']);
    assert.match(put.body.data.updatedAt, /^\d{4}-/);
    assert.deepEqual((await s.api('GET', '/v2/team/threat-protection')).body, put.body);

    for (const host of ['bad.test', 'cdn.bad.test', 'files.zip']) {
      const r = await s.api('POST', '/v2/scrape', { url: at(host) });
      assert.equal(r.status, 403, host);
      assert.equal(r.body.code, 'unsafe_domain_blocked');
      assert.match(r.body.error, /threat protection/);
    }
    assert.equal((await fc.scrape(at('good.test'))).metadata?.title, 'Page');
    assert.equal((await fc.scrape(at('trusted.bad.test'))).metadata?.title, 'Page', 'the whitelist wins over the blacklist');
    const theirs = new Firecrawl({ apiKey: OTHER_KEY, apiUrl: s.url });
    assert.equal((await theirs.scrape(at('bad.test'))).metadata?.title, 'Page', "another team's policy is its own");

    const batch = await fc.batchScrape([at('bad.test'), at('good.test')], { pollInterval: 1 });
    assert.deepEqual(batch.data.map((d) => d.metadata?.url), [at('good.test')], 'the blacklisted page is an error of the batch');
  });

  test("a request's own threatProtection adds to the team's, unless the team forbids overrides", async () => {
    const r = await s.api('POST', '/v2/scrape', { url: at('good.test'), threatProtection: { blacklist: ['good.test'] } });
    assert.equal(r.status, 403);
    await s.api('PUT', '/v2/team/threat-protection', { allowRequestOverrides: false });
    await assert.rejects(fc.scrape(at('good.test'), { threatProtection: { mode: 'off' } } as never), (err: unknown) => {
      assert.ok(err instanceof SdkError);
      assert.equal(err.status, 403);
      assert.match(err.message, /does not allow per-request threatProtection/);
      return true;
    });
    assert.equal((await fc.scrape(at('bad.test'))).metadata?.title, 'Page', 'the PUT replaced the policy: bad.test is no longer listed');
    assert.equal((await s.api('PUT', '/v2/team/threat-protection', { blacklist: 'bad.test' })).status, 400);
  });
});
