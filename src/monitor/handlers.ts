import { randomUUID } from 'node:crypto';
import type { MonitorCreateRequest, MonitorUpdateRequest } from '../api/index.js';
import type { monitorCheckQuery, monitorChecksQuery, monitorListQuery } from '../api/monitor.js';
import { TrawlError } from '../errors/trawl-error.js';
import type { RequestContext } from '../http/route.js';
import type { MonitorRecord } from '../store/monitors.js';
import type { z } from 'zod';
import { launchCheck } from './check.js';
import { configFromCreate, configFromUpdate, type MonitorConfig } from './config.js';
import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import type { Queue } from '../jobs/queue.js';
import { nextRunAfter } from './schedule.js';
import { checkView, monitorView } from './view.js';

export interface MonitorDeps {
  store: Store;
  queue: Queue;
  config: Config;
}

type MonitorParams = { monitorId: string };
type CheckParams = { monitorId: string; checkId: string };

const MONITOR_NOT_FOUND = 'Monitor not found';
const CHECK_NOT_FOUND = 'Monitor check not found';

/** The team's monitor; another team's is as unknown as a missing one. */
async function findMonitor(deps: MonitorDeps, ctx: RequestContext, id: string, opts: { deletedToo?: boolean } = {}): Promise<MonitorRecord<MonitorConfig>> {
  const monitor = await deps.store.monitors.get<MonitorConfig>(id);
  if (!monitor || monitor.teamId !== ctx.team.id || (monitor.status === 'deleted' && !opts.deletedToo)) {
    throw new TrawlError('RESOURCE_NOT_FOUND', MONITOR_NOT_FOUND);
  }
  return monitor;
}

const rawTargets = (ctx: RequestContext) => (ctx.req.body as { targets?: unknown } | undefined)?.targets;

export async function createMonitor(deps: MonitorDeps, ctx: RequestContext<MonitorCreateRequest>) {
  const { body } = ctx;
  const baseUrl = ctx.baseUrl;
  const config = configFromCreate(body, rawTargets(ctx), deps.config, { baseUrl, apiKeyId: ctx.apiKey?.id ?? null });
  const now = new Date();
  const record: MonitorRecord<MonitorConfig> = {
    id: randomUUID(),
    teamId: ctx.team.id,
    status: 'active',
    config,
    nextRunAt: nextRunAfter(config.schedule, now),
    lastRunAt: null,
    currentCheckId: null,
    lastSummary: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await deps.store.monitors.create(record);
  return { success: true, data: monitorView(record) };
}

export async function listMonitors(deps: MonitorDeps, ctx: RequestContext<unknown, z.output<typeof monitorListQuery>>) {
  const monitors = await deps.store.monitors.list<MonitorConfig>(ctx.team.id, ctx.query.limit, ctx.query.offset);
  return { success: true, data: monitors.map(monitorView) };
}

export async function getMonitor(deps: MonitorDeps, ctx: RequestContext<unknown, unknown, MonitorParams>) {
  return { success: true, data: monitorView(await findMonitor(deps, ctx, ctx.params.monitorId, { deletedToo: true })) };
}

export async function updateMonitor(deps: MonitorDeps, ctx: RequestContext<MonitorUpdateRequest, unknown, MonitorParams>) {
  const { body } = ctx;
  const monitor = await findMonitor(deps, ctx, ctx.params.monitorId);
  const config = configFromUpdate(monitor.config, body, rawTargets(ctx), deps.config);
  const status = body.status ?? monitor.status;
  const now = new Date();
  // A new schedule, or a monitor resumed: the next run counts from now (no catch-up of the paused time).
  const reschedule = body.schedule !== undefined || (status === 'active' && monitor.status !== 'active');
  const updated = await deps.store.monitors.update<MonitorConfig>(monitor.id, {
    status,
    config,
    ...(reschedule && { nextRunAt: nextRunAfter(config.schedule, now) }),
    now: now.toISOString(),
  });
  if (!updated) throw new TrawlError('RESOURCE_NOT_FOUND', MONITOR_NOT_FOUND);
  return { success: true, data: monitorView(updated) };
}

export async function deleteMonitor(deps: MonitorDeps, ctx: RequestContext<unknown, unknown, MonitorParams>) {
    const monitor = await findMonitor(deps, ctx, ctx.params.monitorId);
  await deps.store.monitors.update(monitor.id, { status: 'deleted', nextRunAt: null, now: new Date().toISOString() });
  // Its history is of no use to anyone now.
  await deps.store.changes.forgetTags(monitor.teamId, `monitor:${monitor.id}:`);
  return { success: true };
}

export async function runMonitor(deps: MonitorDeps, ctx: RequestContext<unknown, unknown, MonitorParams>) {
  const monitor = await findMonitor(deps, ctx, ctx.params.monitorId);
  const outcome = await launchCheck(deps, monitor, { trigger: 'manual' });
  if (outcome.outcome === 'busy') throw new TrawlError('CONFLICT', 'A monitor check is already running');
  if (outcome.outcome !== 'started') throw new TrawlError('RESOURCE_NOT_FOUND', MONITOR_NOT_FOUND);
  return { success: true, id: outcome.check.id, data: checkView(outcome.check) };
}

export async function listChecks(deps: MonitorDeps, ctx: RequestContext<unknown, z.output<typeof monitorChecksQuery>, MonitorParams>) {
  const monitor = await findMonitor(deps, ctx, ctx.params.monitorId, { deletedToo: true });
  const checks = await deps.store.monitors.listChecks(monitor.id, ctx.query);
  return { success: true, data: checks.map(checkView) };
}

export async function getCheck(deps: MonitorDeps, ctx: RequestContext<unknown, z.output<typeof monitorCheckQuery>, CheckParams>) {
  const { query } = ctx;
  const monitor = await findMonitor(deps, ctx, ctx.params.monitorId, { deletedToo: true });
  const check = await deps.store.monitors.getCheck(ctx.params.checkId);
  if (!check || check.monitorId !== monitor.id) throw new TrawlError('RESOURCE_NOT_FOUND', CHECK_NOT_FOUND);
  const { pages, total } = await deps.store.monitors.pages(check.id, query);
  let next: string | null = null;
  if (query.skip + pages.length < total) {
    const params = new URLSearchParams({ skip: String(query.skip + pages.length), limit: String(query.limit) });
    if (query.status) params.set('status', query.status);
    next = `${ctx.baseUrl}/v2/monitor/${monitor.id}/checks/${check.id}?${params}`;
  }
  return { success: true, data: { ...checkView(check), pages, next }, next };
}
