// One worker process of the scale-out benchmark (bench/scale-out.ts): a PostgreSQL store,
// the Redis-backed queue and a Worker running no-op tasks, so that what is measured is
// the queue's claims and completions. Assembled as `trawl worker` assembles it (src/server.ts):
// team limits from the teams' plans, read with every claim, job ends announced as job events
// over Redis; tasks at once are what it runs with when nothing is set.
import { concurrencyOf } from '../../src/billing/plans.js';
import { loadConfig } from '../../src/config/load.js';
import { JobEndingQueue } from '../../src/jobs/job-endings.js';
import { startSharedRedis } from '../../src/jobs/redis-shared.js';
import { Worker } from '../../src/jobs/worker.js';
import { createPostgresStore } from '../../src/store/postgres/index.js';

const [databaseUrl, redisUrl, prefix] = process.argv.slice(2) as [string, string, string];
const quiet = { error: () => {}, info: () => {} };
const config = loadConfig({});
const store = await createPostgresStore(databaseUrl, { log: quiet });
const teamConcurrency = { ofPlan: (plan: string | null) => concurrencyOf(plan ?? config.defaultPlan) };
const shared = await startSharedRedis(redisUrl, prefix, store.tasks, { concurrencyOf: teamConcurrency }, quiet);
const queue = new JobEndingQueue(shared.queue, store, shared.events);
// Claims that took tasks, tasks taken and claims that took none, since last asked (SIGUSR1,
// answered on stdout): with more processes each claim takes fewer tasks, which is what a
// task's cost grows with.
const taken = { claims: 0, tasks: 0, empty: 0 };
const claim = queue.claim.bind(queue);
queue.claim = async (req) => {
  const got = await claim(req);
  if (got.length) taken.claims++;
  else taken.empty++;
  taken.tasks += got.length;
  return got;
};
process.on('SIGUSR1', () => {
  process.stdout.write(`taken ${taken.claims} ${taken.tasks} ${taken.empty}\n`);
  taken.claims = taken.tasks = taken.empty = 0;
});
// The default poll: the benchmark announces its work as an enqueue does.
const worker = new Worker(queue, { concurrency: config.workerConcurrency, log: quiet });
worker.handle('bench', async () => null);
worker.start();
process.stdout.write('ready\n');
process.on('SIGTERM', async () => {
  await worker.stop(1000);
  await shared.close();
  await store.close();
  process.exit(0);
});
