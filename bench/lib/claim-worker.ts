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
// Claims that took tasks, and tasks taken, since last asked (SIGUSR1, answered on stdout):
// with more processes each claim takes fewer tasks, which is what a task's cost grows with.
const taken = { claims: 0, tasks: 0 };
const claim = shared.queue.claim.bind(shared.queue);
shared.queue.claim = async (req) => {
  const got = await claim(req);
  if (got.length) taken.claims++;
  taken.tasks += got.length;
  return got;
};
process.on('SIGUSR1', () => {
  process.stdout.write(`taken ${taken.claims} ${taken.tasks}\n`);
  taken.claims = taken.tasks = 0;
});
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
