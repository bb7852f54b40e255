import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { until } from './batch/helpers.js';
import { startSite } from './fixtures/site.js';
import { freshDatabase, testPostgres } from './helpers/postgres.js';
import { type Running, run } from './helpers/process.js';
import { redisPrefix, testRedis } from './helpers/redis.js';
import { TEST_KEY, tempDataDir } from './helpers/server.js';
import { startTcpProxy } from './helpers/tcp-proxy.js';

const root = fileURLToPath(new URL('..', import.meta.url));

test(
  'a worker whose Redis and PostgreSQL went away exits on SIGTERM within its deadline, non-zero, naming the task it abandoned',
  { timeout: 300_000 },
  async (t) => {
    const server = await testPostgres();
    if (!server) return t.skip('no PostgreSQL here (set TRAWL_TEST_DATABASE_URL)');
    const db = await freshDatabase(server);
    const { url: redisUrl } = await testRedis();
    const [pgProxy, redisProxy] = await Promise.all([startTcpProxy(db.url), startTcpProxy(redisUrl)]);
    const site = await startSite();
    // The one page never answers while the test runs: its task stays in flight.
    const held: ServerResponse[] = [];
    site.set('/', (_req: IncomingMessage, res: ServerResponse) => void held.push(res));
    const shared = { REDIS_URL: redisUrl, TRAWL_REDIS_PREFIX: redisPrefix(), TRAWL_ALLOW_PRIVATE_NETWORK: 'on', TRAWL_API_KEY: TEST_KEY };
    const dirs = [tempDataDir(), tempDataDir()];
    const children: Running[] = [];
    try {
      const api = run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'api'], { ...shared, DATABASE_URL: db.url, TRAWL_DATA_DIR: dirs[0]!, PORT: '0', HOST: '127.0.0.1' }, root);
      children.push(api);
      const worker = run(
        process.execPath,
        ['--import', 'tsx', 'src/cli/main.ts', 'worker'],
        {
          ...shared,
          // The worker reaches its backends only through the proxies the test cuts.
          DATABASE_URL: pgProxy.through(db.url),
          REDIS_URL: redisProxy.through(redisUrl),
          TRAWL_DATA_DIR: dirs[1]!,
          TRAWL_SHUTDOWN_TIMEOUT_MS: '3000',
        },
        root,
      );
      children.push(worker);
      // Starting takes long on a loaded machine: generous waits, no timing asserted.
      const [, apiUrl = ''] = await api.waitFor(/listening on (http:\/\/[\d.]+:\d+)/, 90_000);
      await worker.waitFor(/worker \S+ is running/, 90_000);

      const res = await fetch(`${apiUrl}/v2/crawl`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: site.url('/'), sitemap: 'skip', limit: 1 }),
      });
      const crawl = { status: res.status, body: (await res.json()) as any };
      assert.equal(crawl.status, 200, JSON.stringify(crawl.body));
      await until('the worker is fetching the page', () => held.length > 0, 30_000);

      await Promise.all([pgProxy.cut(), redisProxy.cut()]);
      worker.signalGroup('SIGTERM');
      // Without a deadline this never resolved (the test's own timeout would fail it).
      const code = await worker.exited;
      assert.equal(code, 1, worker.output());
      assert.match(worker.output(), /SIGTERM: shutting down \(at most 3 s\)/);
      assert.match(worker.output(), new RegExp(`Shutdown did not finish within 3 s .*1 running task\\(s\\) abandoned \\(crawl\\.page \\S+ of job ${crawl.body.id}\\); their leases expire and they run again`));
    } finally {
      for (const res of held) res.destroy();
      for (const c of children) c.child.kill('SIGKILL');
      await Promise.all(children.map((c) => c.exited));
      await Promise.all([pgProxy.close(), redisProxy.close()]);
      await site.close();
      await db.drop();
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    }
  },
);
