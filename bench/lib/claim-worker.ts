// One worker process of the scale-out benchmark (bench/scale-out.ts): a PostgreSQL store,
// the Redis-backed queue and a Worker running no-op tasks, so that what is measured is
// the queue's claims and completions. Tasks at once and team limits are what `trawl worker`
// runs with when nothing is set: the default plan's.
import { concurrencyOf } from '../../src/billing/plans.js';
import { loadConfig } from '../../src/config/load.js';
import { startSharedRedis } from '../../src/jobs/redis-shared.js';
import { Worker } from '../../src/jobs/worker.js';
import { createPostgresStore } from '../../src/store/postgres/index.js';

const [databaseUrl, redisUrl, prefix] = process.argv.slice(2) as [string, string, string];
const quiet = { error: () => {}, info: () => {} };
const config = loadConfig({});
const store = await createPostgresStore(databaseUrl, { log: quiet });
const teamLimit = concurrencyOf(config.defaultPlan);
const shared = await startSharedRedis(redisUrl, prefix, store.tasks, { concurrencyOf: () => teamLimit }, quiet);
// A short poll: the benchmark's work appears without an enqueue to announce it.
const worker = new Worker(shared.queue, { concurrency: config.workerConcurrency, pollMs: 50, log: quiet });
worker.handle('bench', async () => null);
worker.start();
process.stdout.write('ready\n');
process.on('SIGTERM', async () => {
  await worker.stop(1000);
  await shared.close();
  await store.close();
  process.exit(0);
});
