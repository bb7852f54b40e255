import type { FastifyInstance } from 'fastify';
import { bootstrapTeams } from './auth/bootstrap.js';
import { handleBatchPages } from './batch/pages.js';
import { handleCrawlPages } from './crawl/pages.js';
import { billingGuards } from './billing/guards/index.js';
import { concurrencyOf } from './billing/plans.js';
import type { Config } from './config.js';
import { buildApp } from './http/app.js';
import { registerMcpEndpoint } from './mcp/http-endpoint.js';
import type { AppDeps } from './http/deps.js';
import type { Guard } from './http/route.js';
import { allRoutes } from './http/routes/index.js';
import { createEgress, setHostOverrides } from './egress/index.js';
import { type JobEvents, LocalJobEvents } from './jobs/events.js';
import { JobEndingQueue } from './jobs/job-endings.js';
import { LocalQueue } from './jobs/local-queue.js';
import type { Queue } from './jobs/queue.js';
import { Retention } from './jobs/retention.js';
import { Worker } from './jobs/worker.js';
import type { Store } from './store/store.js';
import { createSqliteStore } from './store/sqlite/index.js';
import { buildScraper, type Scraper } from './scrape/index.js';
import { setUrlPolicy } from './api/common.js';
import { buildSearch, type SearchService } from './search/providers.js';
import { feedIndex } from './search/index-feed.js';
import { attachWatchers } from './watch/upgrade.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';

export interface Trawl {
  app: FastifyInstance;
  store: Store;
  queue: Queue;
  /** Capabilities publish their jobs' events here: webhooks and watchers follow them. */
  events: JobEvents;
  scraper: Scraper;
  search: SearchService;
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
  setHostOverrides(config.hostOverrides);
  const store = createSqliteStore(config.dataDir, { jobRetentionMs: config.jobRetentionMs });
  try {
    await bootstrapTeams(config, store);
    // Read at every claim, so a plan changed with the CLI applies to work already queued.
    const teamConcurrency = async (teamId: string) =>
      concurrencyOf((await store.teams.getTeam(teamId))?.plan ?? config.defaultPlan);
    const local = new LocalQueue(store.tasks, { concurrencyOf: teamConcurrency });
    // This process owns the store (the lock): whatever is still active was cut short by the last one.
    await local.recoverOrphans();
    const guards: Guard[] = billingGuards(config);
    const search = buildSearch(config);
    const scraper = buildScraper(config, store, {
      onFreshPage: feedIndex(search.index, (err) => app.log.warn({ err }, 'A page could not be added to the search index')),
    });
    // The app (and its logger) is built from deps that need the events first.
    const events = new LocalJobEvents({ error: (obj, msg) => app.log.error(obj, msg) });
    const queue = new JobEndingQueue(local, store, events);
    const deps: AppDeps = { config, store, queue, events, scraper, search: search.provider, routes: allRoutes(), guards };
    const app = await buildApp(deps);
    registerMcpEndpoint(app, deps);
    const worker = new Worker(queue, { concurrency: config.workerConcurrency, log: app.log });
    handleBatchPages(worker, { store, scraper, events });
    // robots.txt and sitemaps, under the same egress rules as the pages themselves.
    const crawlEgress = createEgress({ allowPrivateNetwork: config.allowPrivateNetwork, allowedCidrs: config.egressAllowCidrs });
    handleCrawlPages(worker, { store, queue, scraper, events, fetcher: crawlEgress, hostConcurrency: config.crawlHostConcurrency });
    const webhookEgress = createEgress({ allowPrivateNetwork: config.allowPrivateNetwork, allowedCidrs: config.egressAllowCidrs });
    const webhooks = new WebhookDispatcher({
      outbox: store.webhooks,
      events,
      egress: webhookEgress,
      secret: config.webhookSecret,
      retryDelaysMs: config.webhookRetryDelaysMs,
      log: app.log,
    });
    await webhooks.start();
    const watchers = attachWatchers(app.server, { store, events, auth: config.auth, log: app.log });
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
      events,
      scraper,
      search,
      worker,
      retention,
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      async close() {
        if (closed) return;
        closed = true;
        watchers.close();
        await app.close();
        await worker.stop();
        // After the worker: the jobs it finished still owe their events to the outbox.
        await webhooks.stop();
        await webhookEgress.close();
        await retention.stop();
        await crawlEgress.close();
        await scraper.close();
        await search.close();
        await store.close();
      },
    };
  } catch (err) {
    await store.close();
    throw err;
  }
}
