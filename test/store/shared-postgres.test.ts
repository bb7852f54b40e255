import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { waitForBatch } from '../batch/helpers.js';
import { startSite } from '../fixtures/site.js';
import { freshDatabase, testPostgres } from '../helpers/postgres.js';
import { startTestServer } from '../helpers/server.js';

const pgServer = await testPostgres().catch(() => null);
const page = (title: string) => `<html><head><title>${title}</title></head><body><h1>${title}</h1><p>About ${title}.</p></body></html>`;

describe('two Trawl processes on one PostgreSQL database', { skip: pgServer ? false : 'no PostgreSQL here: set TRAWL_TEST_DATABASE_URL or install initdb/pg_ctl' }, () => {
  test('they start together and share keys, scrapes, batch jobs, usage and the search index', async () => {
    const db = await freshDatabase(pgServer!);
    const site = await startSite({
      '/a': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page('Alpha pelicans')),
      '/b': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page('Beta')),
      '/c': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page('Gamma')),
    });
    // Both apply migrations and create the bootstrap key's team at the same moment.
    const [a, b] = await Promise.all([startTestServer({ DATABASE_URL: db.url }), startTestServer({ DATABASE_URL: db.url })]);
    try {
      const scraped = await a.api('POST', '/v2/scrape', { url: site.url('/a'), formats: ['markdown'] });
      assert.equal(scraped.status, 200, JSON.stringify(scraped.body));
      const read = await b.api('GET', `/v2/scrape/${scraped.body.data.metadata.scrapeId}`);
      assert.equal(read.status, 200, JSON.stringify(read.body));
      assert.equal(read.body.data.markdown, scraped.body.data.markdown, 'a scrape made on one process is read back on the other');

      const started = await b.api('POST', '/v2/batch/scrape', { urls: [site.url('/a'), site.url('/b'), site.url('/c')] });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const done = await waitForBatch(a, started.body.id);
      assert.equal(done.status, 'completed');
      assert.deepEqual(done.data.map((d: any) => d.metadata.title).sort(), ['Alpha pelicans', 'Beta', 'Gamma']);
      assert.equal(site.requests.filter((r) => r.path === '/b').length, 1, 'each page of the batch was fetched by one process only');

      const usage = await a.api('GET', '/v2/team/credit-usage/historical');
      assert.equal(usage.body.periods[0].creditsUsed, 4, 'charges made on either process add up');

      // The index is fed off the scrape's path: give it a moment.
      for (let i = 0; i < 50; i++) {
        const found = await b.api('POST', '/v2/search', { query: 'pelicans' });
        if (found.body.data?.web?.length) {
          assert.equal(found.body.data.web[0].url, site.url('/a'));
          return;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.fail('a page scraped on one process is never found by search on the other');
    } finally {
      await Promise.all([a.close(), b.close()]);
      await site.close();
      await db.drop();
    }
  });
});
