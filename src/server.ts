import type { FastifyInstance } from 'fastify';
import { bootstrapTeams } from './auth/bootstrap.js';
import { handleBatchPages } from './batch/pages.js';
import { billingGuards } from './billing/guards/index.js';
import { concurrencyOf } from './billing/plans.js';
import type { Config } from './config.js';
import { buildApp } from './http/app.js';
import type { AppDeps } from './http/deps.js';
import type { Guard } from './http/route.js';
import { allRoutes } from './http/routes/index.js';
import { LocalQueue } from './jobs/local-queue.js';
import type { Queue } from './jobs/queue.js';
import { Retention } from './jobs/retention.js';
import { Worker } from './jobs/worker.js';
import type { Store } from './store/store.js';
import { createSqliteStore } from './store/sqlite/index.js';
import { buildScraper, type Scraper } from './scrape/index.js';
import { setUrlPolicy } from './api/common.js';

export interface Trawl {
  app: FastifyInstance;
  store: Store;
  queue: Queue;
  scraper: Scraper;
  /** Capabilities register the handlers of their task kinds here. */
  worker: Worker;
  /** Capabilities that keep job data outside the store register its purge here. */
  retention: Retention;
  /** Where the server listens, e.g. http://127.0.0.1:3002 */
  url: string;
  close(): Promise<void>;
}

/**
 * Assembles one whole Trawl in this process: storage, the API, and (as the
 * capabilities land) the workers and the scheduler. main.ts and the tests both
 * start Trawl through here, so the tests exercise what users run.
 */
export async function startTrawl(config: Config): Promise<Trawl> {
  // Private targets the operator opened to the egress guard must also pass URL validation.
  setUrlPolicy({ allowLocalTargets: config.allowPrivateNetwork || config.egressAllowCidrs.length > 0 });
  const store = createSqliteStore(config.dataDir, { jobRetentionMs: config.jobRetentionMs });
  try {
    await bootstrapTeams(config, store);
    // Read at every claim, so a plan changed with the CLI applies to work already queued.
    const teamConcurrency = async (teamId: string) =>
      concurrencyOf((await store.teams.getTeam(teamId))?.plan ?? config.defaultPlan);
    const queue = new LocalQueue(store.tasks, { concurrencyOf: teamConcurrency });
    // This process owns the store (the lock): whatever is still active was cut short by the last one.
    await queue.recoverOrphans();
    const guards: Guard[] = billingGuards(config);
    const scraper = buildScraper(config, store);
    const deps: AppDeps = { config, store, queue, scraper, routes: allRoutes(), guards };
    const app = await buildApp(deps);
    const worker = new Worker(queue, { concurrency: config.workerConcurrency, log: app.log });
    handleBatchPages(worker, { store, scraper });
    const retention = new Retention(store, { log: app.log });
    retention.addSweeper((now) => store.scrapes.purgeExpired(now));
    retention.addSweeper((now) => store.artifacts.purgeExpired(now));
    await app.listen({ port: config.port, host: config.host });
    worker.start();
    retention.start();
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    let closed = false;
    return {
      app,
      store,
      queue,
      scraper,
      worker,
      retention,
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      async close() {
        if (closed) return;
        closed = true;
        await app.close();
        await worker.stop();
        await retention.stop();
        await scraper.close();
        await store.close();
      },
    };
  } catch (err) {
    await store.close();
    throw err;
  }
}
