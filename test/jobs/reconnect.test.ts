import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { until } from '../batch/helpers.js';
import { page } from '../crawl/helpers.js';
import { startSite } from '../fixtures/site.js';
import { freshDatabase } from '../helpers/postgres.js';
import { type Running, run } from '../helpers/process.js';
import { redisPrefix } from '../helpers/redis.js';
import { TEST_KEY, tempDataDir } from '../helpers/server.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';

const PAGES = 40;
const pathOf = (i: number) => (i === 0 ? '/' : `/p/${i}`);
const root = fileURLToPath(new URL('../..', import.meta.url));

test(
  'Redis and PostgreSQL away for a while mid-crawl: the api and the worker reconnect, the crawl completes with every page once',
  { timeout: 300_000 },
  async (t) => {
    const pgServer = process.env.TRAWL_TEST_DATABASE_URL;
    const redisUrl = process.env.TRAWL_TEST_REDIS_URL;
    if (!pgServer || !redisUrl) return t.skip('needs TRAWL_TEST_DATABASE_URL and TRAWL_TEST_REDIS_URL');
    const db = await freshDatabase(pgServer);
    const [pgProxy, redisProxy] = await Promise.all([startTcpProxy(db.url), startTcpProxy(redisUrl)]);
    const site = await startSite();
    for (let i = 0; i < PAGES; i++) {
      const html = page(`Page ${i}`, [1, 2, 3].map((d) => pathOf((i + d) % PAGES))).html;
      site.set(pathOf(i), async (_req: IncomingMessage, res: ServerResponse) => {
        await sleep(100);
        res.writeHead(200, { 'content-type': 'text/html' }).end(html);
      });
    }
    // Both processes reach their backends only through the proxies the test cuts.
    const env = {
      DATABASE_URL: pgProxy.through(db.url),
      REDIS_URL: redisProxy.through(redisUrl),
      TRAWL_REDIS_PREFIX: redisPrefix(),
      TRAWL_RATE_LIMITS: 'off',
      TRAWL_WORKER_CONCURRENCY: '2',
      TRAWL_ALLOW_PRIVATE_NETWORK: 'on',
      TRAWL_API_KEY: TEST_KEY,
    };
    const dirs = [tempDataDir(), tempDataDir()];
    const children: Running[] = [];
    let passed = false;
    try {
      const api = run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'api'], { ...env, TRAWL_DATA_DIR: dirs[0]!, PORT: '0', HOST: '127.0.0.1' }, root);
      const worker = run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'worker'], { ...env, TRAWL_DATA_DIR: dirs[1]! }, root);
      children.push(api, worker);
      // Starting takes long on a loaded machine: generous waits, no timing asserted.
      const [, apiUrl = ''] = await api.waitFor(/listening on (http:\/\/[\d.]+:\d+)/, 90_000);
      await worker.waitFor(/worker \S+ is running/, 90_000);
      const call = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(apiUrl + path, {
          method,
          headers: { authorization: `Bearer ${TEST_KEY}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        return { status: res.status, body: (await res.json()) as any };
      };

      const started = await call('POST', '/v2/crawl', { url: site.url('/'), sitemap: 'skip', crawlEntireDomain: true });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const id: string = started.body.id;
      await until('part of the crawl is done', async () => (await call('GET', `/v2/crawl/${id}?limit=1`)).body.completed >= 8, 90_000);

      await Promise.all([pgProxy.cut(), redisProxy.cut()]);
      // While the backends are away the api answers, in the envelope.
      const during = await call('GET', `/v2/crawl/${id}?limit=1`).catch((err: Error) => ({ status: 0, body: { error: err.message } }));
      assert.ok(during.status >= 500 || during.status === 200, JSON.stringify(during));
      if (during.status !== 200) assert.equal(during.body.success, false);
      await sleep(4000);
      await Promise.all([pgProxy.resume(), redisProxy.resume()]);

      let done: any;
      await until('the crawl has ended', async () => {
        const r = await call('GET', `/v2/crawl/${id}?limit=1`);
        done = r.body;
        return r.status === 200 && done.status !== 'scraping';
      }, 180_000);
      assert.equal(done.status, 'completed', JSON.stringify(done));
      assert.equal(done.total, PAGES);
      assert.equal(done.completed, PAGES);
      const all = (await call('GET', `/v2/crawl/${id}`)).body;
      const paths = all.data.map((d: any) => new URL(d.metadata.url).pathname);
      assert.equal(new Set(paths).size, PAGES, 'every page once');
      assert.equal(paths.length, PAGES, 'no page twice');
      assert.deepEqual((await call('GET', `/v2/crawl/${id}/errors`)).body.errors, []);

      // Clear lines about the outage and the recovery, once each, rather than one per reconnect attempt.
      for (const p of [api, worker]) {
        const out = p.output();
        assert.match(out, /Redis is unreachable \(\w+\): reconnecting/);
        assert.match(out, /Redis is reachable again/);
        assert.ok(out.indexOf('Redis is reachable again') > out.indexOf('Redis is unreachable'));
        assert.doesNotMatch(out, /"msg":"(BullMQ error|Redis connection error)"/);
        assert.doesNotMatch(out, /uncaught exception/);
      }
      assert.match(worker.output(), /PostgreSQL connection lost \([^)]+\): reconnecting/);
      assert.match(worker.output(), /PostgreSQL is reachable again/);
      passed = true;
    } finally {
      if (!passed) for (const c of children) t.diagnostic(c.output().slice(-6000));
      for (const c of children) c.child.kill('SIGKILL');
      await Promise.all(children.map((c) => c.exited));
      await Promise.all([pgProxy.close(), redisProxy.close()]);
      await site.close();
      await db.drop();
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    }
  },
);
