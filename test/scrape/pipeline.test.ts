import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { scrapeRequest } from '../../src/api/index.js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('the scrape pipeline', () => {
  let site: Site;
  let s: TestServer;
  before(async () => {
    site = await startSite({ '/p': { html: '<html><body><h1>Page</h1></body></html>' } });
    s = await startTestServer();
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('a page re-run under the same scrape id (a job task after a crash) is neither fetched nor charged twice', async () => {
    const team = (await s.trawl.store.teams.findTeamByName('default'))!;
    const month = new Date().toISOString().slice(0, 7);
    const before = await s.trawl.store.ledger.creditsUsed(team.id, month);
    const input = {
      url: site.url('/p'),
      sourceURL: site.url('/p'),
      options: scrapeRequest.parse({ url: site.url('/p'), maxAge: 0 }),
      teamId: team.id,
      apiKeyId: null,
      baseUrl: s.url,
      scrapeId: '5d0c6b8e-3f0a-4c1e-9b7e-2a1d4c5e6f70',
    };
    const first = await s.trawl.scraper.scrape(input);
    const fetches = site.requests.length;
    const again = await s.trawl.scraper.scrape(input);
    assert.deepEqual(again, first);
    assert.equal(site.requests.length, fetches, 'not fetched again');
    assert.equal((await s.trawl.store.ledger.creditsUsed(team.id, month)) - before, 1, 'charged once');
  });
});
