import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import type { Document } from '../../src/api/document.js';
import type { ClaimRequest } from '../../src/store/tasks.js';
import type { Store } from '../../src/store/store.js';
import { type OpenedBackend, storeBackends } from '../helpers/store-backends.js';

// The same assertions against every backend: what callers rely on must not
// depend on which database holds the data. "Two processes" are two stores
// opened on the same data (two connections, or two connection pools).

const month = () => new Date().toISOString().slice(0, 7);

const claimReq = (teamLimits: Record<string, number>, max = 100): ClaimRequest => ({
  owner: 'test',
  max,
  kinds: ['page'],
  leaseMs: 60_000,
  teamLimits: new Map(Object.entries(teamLimits)),
});

function doc(n: number): Document {
  return {
    markdown: `page ${n}`,
    metadata: {
      sourceURL: `https://a.test/${n}`,
      url: `https://a.test/${n}`,
      statusCode: 200,
      scrapeId: `task-${n}`,
      proxyUsed: 'basic',
      cacheState: 'miss',
      creditsUsed: 2,
    },
  };
}

for (const backend of await storeBackends()) {
  describe(`store contract (${backend.name})`, { skip: backend.skip }, () => {
    let opened: OpenedBackend;
    let store: Store;

    beforeEach(async () => {
      opened = await backend.open();
      store = opened.store;
    });
    afterEach(async () => {
      await opened.close();
    });

    test('a team setting written after it was read reads back as written, each time', async () => {
      const { id: team } = await store.teams.createTeam({ name: 'settings', plan: 'free' });
      const { id: otherTeam } = await store.teams.createTeam({ name: 'other', plan: 'free' });
      assert.equal(await store.teamSettings.get(team, 'threatProtection'), null);
      await store.teamSettings.put(team, 'threatProtection', { blacklist: ['a.test'] }, new Date());
      assert.deepEqual(await store.teamSettings.get(team, 'threatProtection'), { blacklist: ['a.test'] });
      const [read] = await Promise.all([
        store.teamSettings.get(team, 'threatProtection'),
        store.teamSettings.put(team, 'threatProtection', { blacklist: [] }, new Date()),
      ]);
      assert.ok(read !== null, 'a read beside a write answers one of the two values');
      assert.deepEqual(await store.teamSettings.get(team, 'threatProtection'), { blacklist: [] });
      assert.equal(await store.teamSettings.get(otherTeam, 'threatProtection'), null, 'other teams are untouched');
    });

    test('two processes claiming at once never hand out one task twice, and stay within the team limit', async () => {
      const other = await opened.another();
      const job = await store.jobs.create({ kind: 'crawl', teamId: 'team-a', options: {} });
      await store.tasks.enqueue(Array.from({ length: 40 }, (_, i) => ({ id: `t${i}`, kind: 'page', teamId: 'team-a', jobId: job.id })));

      const claimed: string[] = [];
      const rounds = await Promise.all(
        [store, other, store, other].map((s) => s.tasks.claim(claimReq({ 'team-a': 25 }, 10))),
      );
      for (const r of rounds) claimed.push(...r.map((c) => c.task.id));
      assert.equal(new Set(claimed).size, claimed.length, 'no task was claimed twice');
      assert.equal(claimed.length, 25, 'together they took exactly what the team limit allows');
      assert.deepEqual(await store.tasks.counts('team-a'), { queued: 15, active: 25, mostRecentSuccess: null });

      // Each finishes what it holds; the rest gets claimed once all the same.
      const leases = rounds.flat();
      await Promise.all(leases.map((c, i) => (i % 2 ? other : store).tasks.complete(c.lease, null)));
      const rest = await Promise.all([store, other].map((s) => s.tasks.claim(claimReq({ 'team-a': 25 }))));
      const restIds = rest.flat().map((c) => c.task.id);
      assert.equal(restIds.length, 15);
      assert.equal(new Set([...claimed, ...restIds]).size, 40);
    });

    test('a job ends when its last tasks finish at once on two processes', async () => {
      const other = await opened.another();
      const job = await store.jobs.create({ kind: 'batch_scrape', teamId: 'team-a', options: {} });
      await store.tasks.enqueue([1, 2, 3, 4].map((n) => ({ id: `j${n}`, kind: 'page', teamId: 'team-a', jobId: job.id })));
      const taken = await store.tasks.claim(claimReq({ 'team-a': 10 }));
      assert.equal(taken.length, 4);
      const done = await Promise.all(taken.map((c, i) => (i % 2 ? other : store).tasks.complete(c.lease, { n: i })));
      assert.deepEqual(done, [true, true, true, true]);
      const ended = await store.jobs.get(job.id);
      assert.equal(ended?.status, 'completed');
      assert.equal(ended?.completed, 4);
      assert.equal(await store.tasks.complete(taken[0]!.lease, null), false, 'a lease is good for one ending');
    });

    test('completions recorded together each answer for their own lease, and count into their own job', async () => {
      const crawl = await store.jobs.create({ kind: 'crawl', teamId: 'team-a', options: {} });
      const batch = await store.jobs.create({ kind: 'batch_scrape', teamId: 'team-a', options: {} });
      await store.tasks.enqueue([
        { id: 'c1', kind: 'page', teamId: 'team-a', jobId: crawl.id },
        { id: 'c2', kind: 'page', teamId: 'team-a', jobId: crawl.id },
        { id: 'b1', kind: 'page', teamId: 'team-a', jobId: batch.id },
        { id: 'loose', kind: 'page', teamId: 'team-a' },
      ]);
      const taken = new Map((await store.tasks.claim(claimReq({ 'team-a': 10 }))).map((c) => [c.task.id, c.lease]));
      assert.equal(taken.size, 4);
      const stale = { taskId: 'c2', token: 'not-its-token' };
      const done = await Promise.all([
        store.tasks.complete(taken.get('c1')!, 'c1'),
        store.tasks.complete(stale, 'stale'),
        store.tasks.complete(taken.get('b1')!, 'b1'),
        store.tasks.complete(taken.get('loose')!, 'loose'),
      ]);
      assert.deepEqual(done, [true, false, true, true]);
      assert.equal((await store.tasks.get('c2'))?.state, 'active', 'a stale lease completes nothing');
      assert.equal((await store.tasks.get('c1'))?.result, 'c1');
      assert.equal((await store.tasks.get('loose'))?.state, 'completed');
      const [c, b] = await Promise.all([store.jobs.get(crawl.id), store.jobs.get(batch.id)]);
      assert.deepEqual([c?.status, c?.completed], ['running', 1], 'the crawl still has a task running');
      assert.deepEqual([b?.status, b?.completed], ['completed', 1]);
      assert.equal(await store.tasks.complete(taken.get('c2')!, 'c2'), true);
      assert.deepEqual((await store.jobs.get(crawl.id))?.status, 'completed');
    });

    test('job and per-job limits: maxConcurrency holds across claimers, jobs take turns', async () => {
      const other = await opened.another();
      const big = await store.jobs.create({ kind: 'crawl', teamId: 'team-a', options: {}, maxConcurrency: 2 });
      const small = await store.jobs.create({ kind: 'crawl', teamId: 'team-a', options: {} });
      await store.tasks.enqueue(Array.from({ length: 6 }, (_, i) => ({ id: `b${i}`, kind: 'page', teamId: 'team-a', jobId: big.id })));
      await store.tasks.enqueue([{ id: 's0', kind: 'page', teamId: 'team-a', jobId: small.id }]);
      const [a, b] = await Promise.all([store, other].map((s) => s.tasks.claim(claimReq({ 'team-a': 10 }))));
      const ids = [...a!, ...b!].map((c) => c.task.id).sort();
      assert.deepEqual(ids.filter((i) => i.startsWith('b')).length, 2, 'the big job never runs more than its maxConcurrency');
      assert.ok(ids.includes('s0'), 'the small job is not starved');
    });

    test('an expired lease is taken back once, by whichever process looks first', async () => {
      const other = await opened.another();
      await store.tasks.enqueue([{ id: 'lease-1', kind: 'page', teamId: 'team-a' }]);
      const [held] = await store.tasks.claim({ ...claimReq({ 'team-a': 1 }), leaseMs: 1 });
      await new Promise((r) => setTimeout(r, 20));
      const back = await Promise.all([store.tasks.requeueExpired(), other.tasks.requeueExpired()]);
      assert.equal(back[0]! + back[1]!, 1);
      const task = await store.tasks.get('lease-1');
      assert.equal(task?.state, 'queued');
      assert.equal(task?.attempts, 1);
      assert.equal(await store.tasks.complete(held!.lease, null), false, 'the stale worker lost its lease');
    });

    test('a cancelled job keeps none of its queued work, and later work for it is dropped', async () => {
      const job = await store.jobs.create({ kind: 'crawl', teamId: 'team-a', options: {} });
      await store.tasks.enqueue([1, 2, 3].map((n) => ({ id: `c${n}`, kind: 'page', teamId: 'team-a', jobId: job.id })));
      assert.equal(await store.tasks.cancelJob(job.id), 3);
      await store.tasks.enqueue([{ id: 'c4', kind: 'page', teamId: 'team-a', jobId: job.id }]);
      assert.equal(await store.tasks.get('c4'), null);
      assert.deepEqual(await store.tasks.claim(claimReq({ 'team-a': 10 })), []);
      assert.equal((await store.jobs.get(job.id))?.status, 'cancelled');
    });

    test('ledger: monthly totals per team and per key, kept as charges arrive from two processes', async () => {
      const other = await opened.another();
      const team = await store.teams.createTeam({ name: 'acme', plan: 'free' });
      const key = await store.teams.addApiKey({ teamId: team.id, name: 'ci', keyHash: 'h1', prefix: 'fc-1' });
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? other : store).ledger.record({ teamId: team.id, apiKeyId: i < 10 ? key.id : null, credits: 3, tokens: 1, kind: 'scrape', jobId: null }),
        ),
      );
      await store.ledger.record({ teamId: team.id, apiKeyId: null, credits: 7, tokens: 0, kind: 'crawl', jobId: null, createdAt: '2020-01-15T00:00:00.000Z' });
      assert.equal(await store.ledger.creditsUsed(team.id, month()), 60);
      assert.equal(await other.ledger.creditsUsed(team.id, '2020-01'), 7);
      assert.deepEqual(await store.ledger.usageByMonth(team.id, { byApiKey: false }), [
        { month: month(), apiKeyId: null, apiKeyName: null, credits: 60, tokens: 20 },
        { month: '2020-01', apiKeyId: null, apiKeyName: null, credits: 7, tokens: 0 },
      ]);
      assert.deepEqual(await store.ledger.usageByMonth(team.id, { byApiKey: true }), [
        // Equal credits: keyless usage first, as SQLite sorts NULL.
        { month: month(), apiKeyId: null, apiKeyName: null, credits: 30, tokens: 10 },
        { month: month(), apiKeyId: key.id, apiKeyName: 'ci', credits: 30, tokens: 10 },
        { month: '2020-01', apiKeyId: null, apiKeyName: null, credits: 7, tokens: 0 },
      ]);
    });

    test('idempotency: of concurrent claims of one key exactly one wins; an expired key is free again', async () => {
      const other = await opened.another();
      const team = await store.teams.createTeam({ name: 'idem', plan: 'free' });
      const now = new Date();
      const until = new Date(now.getTime() + 60_000);
      const wins = await Promise.all([store, other, store, other].map((s) => s.idempotency.claim(team.id, 'k-1', now, until)));
      assert.equal(wins.filter(Boolean).length, 1);
      assert.equal(await store.idempotency.claim(team.id, 'k-1', new Date(until.getTime() + 1), new Date(until.getTime() + 60_000)), true);
    });

    test('results: documents added from two processes page without gaps, count and credits in step', async () => {
      const other = await opened.another();
      const job = await store.jobs.create({ kind: 'batch_scrape', teamId: 'team-a', options: {} });
      await Promise.all(Array.from({ length: 30 }, (_, n) => (n % 2 ? other : store).results.addDocument(job.id, `task-${n}`, doc(n))));
      assert.equal(await other.results.addDocument(job.id, 'task-3', doc(3)), false, 'a re-run adds nothing');
      const all = await store.results.page(job.id, { skip: 0, maxBytes: 1 << 30 });
      assert.equal(all.documents.length, 30);
      assert.equal(all.documentCount, 30);
      assert.equal(all.creditsUsed, 60);
      assert.equal(new Set(all.documents).size, 30);
      const window = await store.results.page(job.id, { skip: 10, limit: 5, maxBytes: 1 << 30 });
      assert.deepEqual(window.documents, all.documents.slice(10, 15));
      const tight = await store.results.page(job.id, { skip: 0, maxBytes: Buffer.byteLength(all.documents[0]!) * 3 });
      assert.deepEqual(tight.documents, all.documents.slice(0, 2), 'the byte budget counts the commas between documents');
    });

    test('crawl frontier: concurrent admissions never pass the limit nor admit a page twice', async () => {
      const other = await opened.another();
      const job = await store.jobs.create({ kind: 'crawl', teamId: 'team-a', options: {} });
      const candidates = Array.from({ length: 20 }, (_, i) => ({ key: `k${i}`, url: `https://a.test/${i}`, depth: 1 }));
      const admissions = await Promise.all(
        ['p1', 'p2', 'p3', 'p4'].map((parent, i) => (i % 2 ? other : store).crawls.admit(job.id, parent, 10, candidates)),
      );
      const admitted = admissions.flatMap((a) => a.entries.map((e) => e.key));
      assert.equal(admitted.length, 10);
      assert.equal(new Set(admitted).size, 10);
      const again = await store.crawls.admit(job.id, 'p1', 10, candidates);
      assert.deepEqual(again.entries, admissions[0]!.entries, 'a re-run of a parent gets back what it admitted');
      assert.equal(again.full, true);
    });

    test('scrape cache: the newest copy within the window, per team and key', async () => {
      const at = (min: number) => new Date(Date.UTC(2026, 0, 1, 12, min)).toISOString();
      const save = (id: string, teamId: string, min: number, cacheKey: string | null = 'u1') =>
        store.scrapes.save({ id, teamId, url: 'https://a.test/', cacheKey, document: { id }, createdAt: at(min), expiresAt: at(600) });
      await save('old', 't1', 0);
      await save('new', 't1', 10);
      await save('uncached', 't1', 20, null);
      await save('theirs', 't2', 15);
      const found = await store.scrapes.findCached('t1', 'u1', new Date(at(0)), new Date(at(30)));
      assert.equal(found?.id, 'new');
      assert.deepEqual(found?.document, { id: 'new' });
      assert.equal((await store.scrapes.findCached('t1', 'u1', new Date(at(11)), new Date(at(30))))?.id, undefined);
      assert.equal((await store.scrapes.findCached('t1', 'u1', new Date(at(0)), new Date(at(5))))?.id, 'old');
      assert.equal(await store.scrapes.purgeExpired(new Date(at(601))), 4);
    });

    test("webhook outbox: a job's deliveries go out in write order, each event once, nothing after the final one", async () => {
      const other = await opened.another();
      const job = await store.jobs.create({ kind: 'crawl', teamId: 'team-a', options: {} });
      await store.webhooks.subscribe(job.id, { url: 'https://hook.test/', headers: {}, metadata: {}, events: ['page'] });
      const delivery = (body: string) => ({ webhookId: 'w', url: 'https://hook.test/', headers: { a: 'b' }, body });
      for (let i = 0; i < 5; i++) {
        assert.equal(await (i % 2 ? other : store).webhooks.record({ jobId: job.id, key: `page:${i}`, final: false, delivery: delivery(`p${i}`) }), true);
      }
      assert.equal(await store.webhooks.record({ jobId: job.id, key: 'page:1', final: false, delivery: delivery('again') }), false);
      assert.equal(await store.webhooks.record({ jobId: job.id, key: 'end', final: true, delivery: delivery('end') }), true);
      assert.equal(await other.webhooks.record({ jobId: job.id, key: 'page:9', final: false, delivery: delivery('late') }), false);

      const sent: string[] = [];
      for (;;) {
        const due = await store.webhooks.due(new Date(Date.now() + 1000), 10);
        assert.ok(due.length <= 1, 'one delivery of a job at a time');
        if (!due.length) break;
        sent.push(due[0]!.body);
        assert.deepEqual(due[0]!.headers, { a: 'b' });
        await store.webhooks.delivered(due[0]!.id);
      }
      assert.deepEqual(sent, ['p0', 'p1', 'p2', 'p3', 'p4', 'end']);
    });

    test('monitors: of several schedulers claiming one tick exactly one runs it; a manual run meanwhile is busy', async () => {
      const other = await opened.another();
      const now = new Date().toISOString();
      await store.monitors.create({
        id: 'm1', teamId: 'team-a', status: 'active', config: { name: 'docs' }, nextRunAt: '2026-01-01T00:00:00.000Z',
        lastRunAt: null, currentCheckId: null, lastSummary: null, createdAt: now, updatedAt: now,
      });
      const claim = { expectedNextRunAt: '2026-01-01T00:00:00.000Z', nextRunAt: '2026-01-01T01:00:00.000Z' };
      const outcomes = await Promise.all(
        [store, other, store, other].map((s, i) =>
          s.monitors.beginCheck({ monitorId: 'm1', checkId: `c${i}`, trigger: 'scheduled', scheduledFor: claim.expectedNextRunAt, now, claim }),
        ),
      );
      assert.deepEqual(outcomes.map((o) => o.outcome).sort(), ['lost', 'lost', 'lost', 'started']);
      assert.equal((await other.monitors.get('m1'))?.nextRunAt, claim.nextRunAt);
      const manual = await other.monitors.beginCheck({ monitorId: 'm1', checkId: 'manual', trigger: 'manual', scheduledFor: null, now });
      assert.equal(manual.outcome, 'busy');
      const started = outcomes.find((o) => o.outcome === 'started') as { check: { id: string } };
      const finished = await store.monitors.finishCheck(started.check.id, {
        status: 'completed', summary: { totalPages: 1, same: 1, changed: 0, new: 0, removed: 0, error: 0 }, targetResults: [], actualCredits: 1, error: null, now,
      });
      assert.equal(finished?.status, 'completed');
      assert.equal((await store.monitors.get('m1'))?.currentCheckId, null, 'the monitor is free for its next check');
    });

    test('search index: pages are found by their words, best match first, per team', async () => {
      const page = (teamId: string, path: string, title: string, markdown: string, fetchedAt = new Date().toISOString()) =>
        store.pages.upsert({ teamId, url: `https://docs.example.com${path}`, title, description: '', markdown, contentType: 'text/html', publishedAt: null, isArticle: false, images: [], fetchedAt });
      await page('t1', '/hooks', 'Webhooks guide', 'Configure webhooks to receive crawl events. Webhooks retry on failure.');
      await page('t1', '/crawl', 'Crawling', 'A crawl follows links; it can send webhooks when pages finish.');
      await page('t1', '/maps', 'Maps', 'Map a site quickly.');
      await page('t2', '/hooks', 'Webhooks for the other team', 'webhooks');
      const query = { teamId: 't1', excluded: [], hosts: [], excludedHosts: [], categories: [], pdfOnly: false, order: 'relevance' as const, limit: 10 };
      const hits = await store.pages.search({ ...query, required: [['webhooks']] });
      assert.deepEqual(hits.map((h) => h.url), ['https://docs.example.com/hooks', 'https://docs.example.com/crawl']);
      assert.match(hits[0]!.snippet, /webhooks/i);
      assert.deepEqual((await store.pages.search({ ...query, required: [['webhooks']], excluded: [['crawl']] })).map((h) => h.url), []);
      assert.deepEqual((await store.pages.search({ ...query, required: [['receive', 'crawl']] })).map((h) => h.url), ['https://docs.example.com/hooks']);
      const everyWord = (q: string) => q.split(' ').map((w) => [w]);
      await page('t1', '/gadget', 'Gadget', 'The gadget that does it all.');
      await page('t1', '/gadgets', 'Gadgets', 'Every gadget we sell.');
      assert.deepEqual(
        (await store.pages.search({ ...query, required: everyWord('gadget that does it all') })).map((h) => h.url),
        ['https://docs.example.com/gadget'],
        'short common words count like any other',
      );
      assert.equal((await store.pages.search({ ...query, required: [['gadgets']] })).length, 2, 'words match their stem');
      await page('t1', '/maps', 'Maps', 'Now with webhooks.');
      assert.equal((await store.pages.search({ ...query, required: [['webhooks']] })).length, 3, 'an upsert replaces the page in the index');
      assert.deepEqual((await store.pages.search({ ...query, required: [['quickly']] })).map((h) => h.url), [], 'the old text is gone');
      const later = new Date(Date.now() + 60_000).toISOString();
      await page('t1', '/maps', 'Maps', 'Now with webhooks.', later);
      const again = await store.pages.search({ ...query, required: [['now', 'with', 'webhooks']] });
      assert.deepEqual(again.map((h) => [h.url, h.fetchedAt]), [['https://docs.example.com/maps', later]], 'fetched again unchanged: found, newly dated');
      assert.match(again[0]!.snippet, /Now with webhooks/);
      assert.equal((await store.pages.search({ ...query, required: [] })).length, 5, 'no words: every page of the team');
    });
  });
}


