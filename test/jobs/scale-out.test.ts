import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { until } from '../batch/helpers.js';
import { page } from '../crawl/helpers.js';
import { startSite } from '../fixtures/site.js';
import { freshDatabase, testPostgres } from '../helpers/postgres.js';
import { type Running, run, startServerProcess } from '../helpers/process.js';
import { redisPrefix, testRedis } from '../helpers/redis.js';
import { TEST_KEY, tempDataDir } from '../helpers/server.js';

const PAGES = 200;
const pathOf = (i: number) => (i === 0 ? '/' : `/p/${i}`);
const root = fileURLToPath(new URL('../..', import.meta.url));

test(
  'one API process and two workers on Redis + PostgreSQL: a worker killed with -9 mid-crawl loses no page and doubles none',
  { timeout: 240_000 },
  async (t) => {
    const server = await testPostgres();
    if (!server) return t.skip('no PostgreSQL here (set TRAWL_TEST_DATABASE_URL)');
    const db = await freshDatabase(server);
    const { url: redisUrl } = await testRedis();
    const site = await startSite();
    for (let i = 0; i < PAGES; i++) {
      const html = page(`Page ${i}`, [1, 2, 3, 5, 8, 13].map((d) => pathOf((i + d) % PAGES))).html;
      site.set(pathOf(i), async (_req: IncomingMessage, res: ServerResponse) => {
        await sleep(40);
        res.writeHead(200, { 'content-type': 'text/html' }).end(html);
      });
    }
    const shared = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      TRAWL_REDIS_PREFIX: redisPrefix(),
      TRAWL_RATE_LIMITS: 'off',
      TRAWL_WORKER_CONCURRENCY: '4',
      TRAWL_ALLOW_PRIVATE_NETWORK: 'on',
      TRAWL_API_KEY: TEST_KEY,
    };
    const dirs: string[] = [];
    const children: Running[] = [];
    // Each process on a data directory of its own, as on machines of their own.
    const worker = async () => {
      const dir = tempDataDir();
      dirs.push(dir);
      const proc = run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'worker'], { ...shared, TRAWL_DATA_DIR: dir }, root);
      children.push(proc);
      const [, owner = ''] = await proc.waitFor(/Trawl worker (\S+) is running/);
      return { proc, owner };
    };

    try {
      const apiDir = tempDataDir();
      dirs.push(apiDir);
      const api = await startServerProcess(apiDir, TEST_KEY, { ...shared, TRAWL_ROLE: 'api' });
      children.push(api.proc);
      const [doomed, survivor] = await Promise.all([worker(), worker()]);

      const started = await api.api('POST', '/v2/crawl', { url: site.url('/'), sitemap: 'skip', crawlEntireDomain: true });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const id: string = started.body.id;

      let before: any;
      await until('a good part of the crawl is done', async () => {
        before = (await api.api('GET', `/v2/crawl/${id}?limit=1`)).body;
        return before.completed >= 60;
      }, 90_000);
      doomed.proc.child.kill('SIGKILL');
      await doomed.proc.exited;
      assert.equal(before.status, 'scraping');
      assert.ok(before.completed < PAGES, `killed with ${before.completed} of ${PAGES} done`);

      let done: any;
      await until('the crawl has ended', async () => {
        done = (await api.api('GET', `/v2/crawl/${id}?limit=1`)).body;
        return done.status !== 'scraping';
      }, 180_000);
      assert.equal(done.status, 'completed');
      assert.equal(done.total, PAGES);
      assert.equal(done.completed, PAGES);
      assert.equal(done.creditsUsed, PAGES);

      const all = (await api.api('GET', `/v2/crawl/${id}`)).body;
      assert.equal(all.data.length, PAGES);
      const paths = all.data.map((d: any) => new URL(d.metadata.url).pathname);
      assert.equal(new Set(paths).size, PAGES, 'every page once');
      assert.deepEqual([...paths].sort(), Array.from({ length: PAGES }, (_, i) => pathOf(i)).sort());
      assert.deepEqual((await api.api('GET', `/v2/crawl/${id}/errors`)).body, { success: true, errors: [], robotsBlocked: [] });

      // Both workers did part of the work, and the survivor finished what the dead one held.
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const owners = await client
        .query<{ owner: string; n: string }>(`SELECT lease_owner AS owner, COUNT(*) AS n FROM tasks WHERE job_id = $1 GROUP BY lease_owner`, [id])
        .finally(() => client.end());
      const by = new Map(owners.rows.map((r) => [r.owner, Number(r.n)]));
      assert.ok((by.get(doomed.owner) ?? 0) > 0, `the killed worker completed pages before dying: ${JSON.stringify([...by])}`);
      assert.ok((by.get(survivor.owner) ?? 0) > 0, 'the survivor did its share');
      const fetched = site.requests.filter((r) => r.path === '/' || r.path.startsWith('/p/')).length;
      t.diagnostic(`killed at ${before.completed}/${PAGES}; page tasks by worker ${JSON.stringify([...by])}; ${fetched} page requests`);

      survivor.proc.child.kill('SIGTERM');
      assert.equal(await survivor.proc.exited, 0, 'a worker stops cleanly on SIGTERM');
    } finally {
      for (const c of children) c.child.kill('SIGKILL');
      await Promise.all(children.map((c) => c.exited));
      await site.close();
      await db.drop();
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    }
  },
);

test('`trawl worker` and `trawl api` refuse to start on SQLite, saying what they need', async () => {
  for (const role of ['worker', 'api']) {
    const dir = tempDataDir();
    try {
      const proc = run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', role], { TRAWL_DATA_DIR: dir, DATABASE_URL: '', REDIS_URL: '' }, root);
      assert.equal(await proc.exited, 1);
      assert.match(proc.output(), new RegExp(`the ${role} process shares its work .* set DATABASE_URL and REDIS_URL`));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
});
