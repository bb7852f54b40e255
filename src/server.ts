import type { FastifyInstance } from 'fastify';
import { agentWebhookData } from './agent/webhook-data.js';
import { extractWebhookData } from './extract/webhook-data.js';
import { bootstrapTeams } from './auth/bootstrap.js';
import { handleAgentRuns } from './agent/run.js';
import { handleBatchPages } from './batch/pages.js';
import { handleCrawlPages } from './crawl/pages.js';
import { handleExtractJobs } from './extract/run.js';
import { billingGuards } from './billing/guards/index.js';
import { cloudOnlyGuard } from './search/cloud-only.js';
import { activityGuard } from './team/activity.js';
import { concurrencyOf } from './billing/plans.js';
import type { Config } from './config.js';
import { registerDashboard } from './dashboard/serve.js';
import { buildApp } from './http/app.js';
import { registerMcpEndpoint } from './mcp/http-endpoint.js';
import { handleMonitorChecks, recoverChecks } from './monitor/check.js';
import { createMailer } from './monitor/email.js';
import { MonitorScheduler } from './monitor/scheduler.js';
import type { Guard, RouteSpec } from './http/route.js';
import { allRoutes } from './routes.js';
import { createEgress } from './egress/index.js';
import { type JobEvents, LocalJobEvents } from './jobs/events.js';
import { JobEndingQueue } from './jobs/job-endings.js';
import { LocalQueue } from './jobs/local-queue.js';
import type { RedisLog } from './jobs/redis-health.js';
import { startSharedRedis, type SharedRedis } from './jobs/redis-shared.js';
import { RedisSlidingWindowLimiter } from './billing/redis-sliding-window.js';
import type { Queue } from './jobs/queue.js';
import { Retention } from './jobs/retention.js';
import { Worker } from './jobs/worker.js';
import type { Store } from './store/store.js';
import { createStore } from './store/index.js';
import { buildScraper, type Scraper } from './scrape/index.js';
import { buildLlm, type Llm } from './llm/index.js';
import { setUrlPolicy } from './api/common.js';
import { buildSearch, type SearchService } from './search/providers.js';
import { feedIndex } from './search/index-feed.js';
import { attachWatchers } from './watch/upgrade.js';
import { UpgradeRouter } from './http/upgrades.js';
import { buildBrowserSessions } from './browser-sessions/index.js';
import { sessionUpgrades } from './browser-sessions/upgrade.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';
import { useTransformThreads } from './scrape/transform/threads.js';

export interface Trawl {
  app: FastifyInstance;
  /** The table the app serves: every /v2 operation, the files and the OpenAPI document. */
  routes: RouteSpec[];
  store: Store;
  queue: Queue;
  /** Capabilities publish their jobs' events here: webhooks and watchers follow them. */
  events: JobEvents;
  scraper: Scraper;
  /** The operator's LLM, or the offline engine when none is configured. */
  llm: Llm;
  search: SearchService;
  /** Capabilities register the handlers of their task kinds here. */
  worker: Worker;
  /** Capabilities that keep job data outside the store register its purge here. */
  retention: Retention;
  /** Where the server listens, e.g. http://127.0.0.1:3002; empty in a worker process, which does not. */
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
  setUrlPolicy({ allowLocalTargets: config.egress.allowPrivateNetwork || config.egress.allowedCidrs.length > 0 });
  // Redis and PostgreSQL report outages here; the app's logger once it exists (it is built from deps that need them first).
  let backendLog: Required<RedisLog> = { error: (obj, msg) => console.error(msg, obj), info: (obj, msg) => console.log(msg, obj) };
  const forwardedLog: Required<RedisLog> = { error: (obj, msg) => backendLog.error(obj, msg), info: (obj, msg) => backendLog.info(obj, msg) };
  const store = await createStore(config, { log: forwardedLog });
  let shared: SharedRedis | null = null;
  try {
    await bootstrapTeams(config, store);
    // Teams' plans are read at every claim, so a plan changed with the CLI applies to work already queued.
    const queueOptions = { concurrencyOf: { ofPlan: (plan: string | null) => concurrencyOf(plan ?? config.defaultPlan) } };
    shared = config.redisUrl ? await startSharedRedis(config.redisUrl, config.redisPrefix, store.tasks, queueOptions, forwardedLog) : null;
    const local: Queue = shared?.queue ?? new LocalQueue(store.tasks, queueOptions);
    // Processes sharing a database leave each other's work alone; one alone on its store owns it.
    const alone = !shared || store.kind === 'sqlite';
    // This process owns the store (the lock): whatever is still active was cut short by the last one.
    if (alone) await store.tasks.recoverOrphans();
    else await local.recoverOrphans();
    const guards: Guard[] = [
      ...billingGuards(config, store, shared ? new RedisSlidingWindowLimiter(shared.bus.redis, config.redisPrefix) : undefined),
      cloudOnlyGuard(),
      activityGuard(store),
    ];
    const search = buildSearch(config, store);
    const llm = buildLlm(config);
    if (config.transformThreads !== undefined) useTransformThreads(config.transformThreads);
    const scraper = buildScraper(config, store, {
      llm,
      onFreshPage: feedIndex(search.index, (err) => app.log.warn({ err }, 'A page could not be added to the search index')),
    });
    // The app (and its logger) is built from deps that need the events first.
    const events: JobEvents = shared?.events ?? new LocalJobEvents({ error: (obj, msg) => app.log.error(obj, msg) });
    const queue = new JobEndingQueue(local, store, events);
    const browserSessions = buildBrowserSessions(config, store, {
      warn: (obj, msg) => app.log.warn(obj, msg),
      error: (obj, msg) => app.log.error(obj, msg),
    });
    // Their Chromiums died with the last process: end their records and bill their minutes.
    if (alone) await browserSessions.manager.recoverOrphans();
    const routes = allRoutes({ config, store, queue, events, scraper, llm, search: search.provider, browserSessions });
    const app = await buildApp({ config, store, routes, guards });
    backendLog = app.log;
    registerMcpEndpoint(app, { store, config });
    registerDashboard(app);
    const worker = new Worker(queue, { concurrency: config.workerConcurrency, log: app.log });
    handleBatchPages(worker, { store, scraper, events });
    // robots.txt and sitemaps, under the same egress rules as the pages themselves.
    const crawlEgress = createEgress(config.egress);
    handleCrawlPages(worker, { store, queue, scraper, events, fetcher: crawlEgress, hostConcurrency: config.crawlHostConcurrency });
    // Extract's section expansion and the agent's map read sitemaps and pages under the same rules.
    const researchDeps = { store, scraper, llm, fetcher: crawlEgress, search: search.provider };
    handleExtractJobs(worker, researchDeps);
    handleAgentRuns(worker, researchDeps);
    const mailer = config.smtpUrl ? createMailer(config.smtpUrl, config.smtpFrom) : null;
    handleMonitorChecks(worker, { store, queue, events, scraper, search: search.provider, mailer });
    if (config.role !== 'api') await recoverChecks({ store, queue });
    const monitors = new MonitorScheduler({ store, queue }, { log: app.log });
    const webhookEgress = createEgress(config.egress);
    const webhookSender = shared?.webhookSender;
    const webhooks = new WebhookDispatcher({
      outbox: store.webhooks,
      // Each process writes to the outbox what it emits itself; one of them sends.
      events: shared?.events.local ?? events,
      ...(webhookSender ? { sends: () => webhookSender.held() } : {}),
      egress: webhookEgress,
      secret: config.webhookSecret,
      retryDelaysMs: config.webhookRetryDelaysMs,
      log: app.log,
      endData: { extract: extractWebhookData(store), agent: agentWebhookData(store) },
    });
    await webhooks.start();
    const upgrades = new UpgradeRouter(app.server);
    const watchers = attachWatchers(upgrades, { store, events, auth: config.auth, log: app.log });
    upgrades.add(sessionUpgrades({ sessions: browserSessions, store, auth: config.auth }));
    const retention = new Retention(store, { log: app.log });
    retention.addSweeper((now) => store.scrapes.purgeExpired(now));
    retention.addSweeper((now) => store.artifacts.purgeExpired(now));
    retention.addSweeper((now) => browserSessions.manager.purgeEnded(now));
    // Sharing the store, sessions of a process that died are ended once their clock has run out.
    if (!alone) retention.addSweeper((now) => browserSessions.manager.recoverExpiredOrphans(now));
    retention.addSweeper((now) => store.monitors.purgeExpiredChecks(now));
    // `trawl api` answers HTTP only; `trawl worker` runs the tasks, the schedules and the clean-up.
    if (config.role !== 'worker') await app.listen({ port: config.port, host: config.host });
    if (config.role !== 'api') {
      worker.start();
      retention.start();
      monitors.start();
    }
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    let closed = false;
    return {
      app,
      routes,
      store,
      queue,
      events,
      scraper,
      llm,
      search,
      worker,
      retention,
      url: config.role === 'worker' ? '' : `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      async close() {
        if (closed) return;
        closed = true;
        watchers.close();
        upgrades.close();
        // Before the store closes: ending a session records and bills it.
        await browserSessions.manager.close();
        await app.close();
        await monitors.stop();
        await worker.stop();
        mailer?.close();
        // After the worker: the jobs it finished still owe their events to the outbox.
        await webhooks.stop();
        await webhookEgress.close();
        await retention.stop();
        await crawlEgress.close();
        await scraper.close();
        await search.close();
        await shared?.close();
        await store.close();
      },
    };
  } catch (err) {
    await shared?.close();
    await store.close();
    throw err;
  }
}
