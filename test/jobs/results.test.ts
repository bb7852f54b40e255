import assert from 'node:assert/strict';
import fs from 'node:fs';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { scrapeOptions } from '../../src/api/index.js';
import { scrapeIntoJob, type PagePayload, type PageScrapeSettings } from '../../src/jobs/results.js';
import { TaskAbortedError } from '../../src/jobs/worker.js';
import type { Document } from '../../src/api/document.js';
import { ScrapeError } from '../../src/scrape/errors.js';
import type { ScrapeInput, Scraper } from '../../src/scrape/scraper.js';
import { createSqliteStore } from '../../src/store/sqlite/index.js';
import type { Store } from '../../src/store/store.js';
import type { Task } from '../../src/store/tasks.js';
import { tempDataDir } from '../helpers/server.js';

/** A scraper that answers what `next` says and remembers what it was asked. */
class FakeScraper implements Scraper {
  calls: ScrapeInput[] = [];
  next: (input: ScrapeInput) => Promise<Document> = async (input) => ({
    markdown: `# ${input.url}`,
    metadata: {
      sourceURL: input.sourceURL,
      url: input.url,
      statusCode: 200,
      scrapeId: input.scrapeId!,
      proxyUsed: 'basic',
      cacheState: 'miss',
      creditsUsed: 1,
    },
  });
  async scrape(input: ScrapeInput) {
    this.calls.push(input);
    return this.next(input);
  }
  async close() {}
}

const settings: PageScrapeSettings = { options: scrapeOptions.parse({}), teamId: 't1', apiKeyId: null, baseUrl: 'http://trawl.test' };

describe('scrapeIntoJob', () => {
  let dir: string;
  let store: Store;
  let scraper: FakeScraper;
  let jobId: string;
  const task = (id: string, attempts = 1): Task<PagePayload> => ({
    id,
    kind: 'page',
    teamId: 't1',
    jobId,
    payload: { url: `https://a.test/${id}`, sourceURL: `a.test/${id}` },
    state: 'active',
    attempts,
    maxAttempts: 3,
    runAfter: '',
    leaseOwner: 'w',
    leaseExpiresAt: null,
    cancelRequested: false,
    result: null,
    error: null,
    createdAt: '',
    startedAt: null,
    finishedAt: null,
  });
  const run = (t: Task<PagePayload>, signal = new AbortController().signal) =>
    scrapeIntoJob({ scraper, results: store.results }, jobId, t, settings, signal);

  beforeEach(async () => {
    dir = tempDataDir();
    store = createSqliteStore(dir);
    scraper = new FakeScraper();
    jobId = (await store.jobs.create({ kind: 'batch_scrape', teamId: 't1', options: {} })).id;
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the document is stored under the task id, which the scraper uses as scrapeId', async () => {
    const d = await run(task('p1'));
    assert.equal(d?.metadata.scrapeId, 'p1');
    assert.equal(scraper.calls[0]!.scrapeId, 'p1');
    assert.equal(scraper.calls[0]!.url, 'https://a.test/p1');
    assert.equal(scraper.calls[0]!.sourceURL, 'a.test/p1');
    assert.equal(scraper.calls[0]!.baseUrl, 'http://trawl.test');
    assert.deepEqual(await store.results.outcome('p1'), { document: d });
  });

  test('a re-run after a crash returns what was recorded, without scraping (or charging) again', async () => {
    const first = await run(task('p1'));
    const again = await run(task('p1', 2));
    assert.deepEqual(again, first);
    assert.equal(scraper.calls.length, 1);
    assert.equal((await store.results.page(jobId, { skip: 0, maxBytes: 1e9 })).documentCount, 1);
  });

  test('a ScrapeError is final: recorded with its code, not thrown, and a re-run does not scrape again', async () => {
    scraper.next = async () => {
      throw new ScrapeError('SCRAPE_SITE_ERROR', 'connection refused');
    };
    assert.equal(await run(task('p1')), null);
    assert.equal(await run(task('p1', 2)), null);
    assert.equal(scraper.calls.length, 1);
    const [e, ...rest] = await store.results.errors(jobId);
    assert.equal(rest.length, 0);
    assert.deepEqual({ ...e, timestamp: undefined }, {
      id: 'p1', url: 'https://a.test/p1', code: 'SCRAPE_SITE_ERROR', error: 'connection refused', timestamp: undefined,
    });
  });

  test('an unexpected error is thrown for the queue to retry, and nothing is recorded', async () => {
    scraper.next = async () => {
      throw new Error('disk full');
    };
    await assert.rejects(run(task('p1', 3)), /disk full/);
    assert.deepEqual(await store.results.errors(jobId), []);
    assert.equal(await store.results.outcome('p1'), null);
  });

  test('when the task is aborted (cancel, shutdown) the abort is thrown and nothing is recorded', async () => {
    const controller = new AbortController();
    scraper.next = async () => {
      controller.abort(new TaskAbortedError('cancelled', 'Job was cancelled'));
      // What a scraper makes of an aborted fetch: it cannot tell a cancel from a failure.
      throw new ScrapeError('SCRAPE_SITE_ERROR', 'aborted');
    };
    await assert.rejects(run(task('p1'), controller.signal), (e: unknown) => e instanceof TaskAbortedError && e.why === 'cancelled');
    assert.deepEqual(await store.results.errors(jobId), []);
  });
});
