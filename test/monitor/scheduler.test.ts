import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, describe, test } from 'node:test';
import { LocalQueue } from '../../src/jobs/local-queue.js';
import { enqueueCheck, MONITOR_CHECK, recoverChecks } from '../../src/monitor/check.js';
import type { MonitorConfig } from '../../src/monitor/config.js';
import { MonitorScheduler } from '../../src/monitor/scheduler.js';
import { createSqliteStore } from '../../src/store/sqlite/index.js';
import type { Store } from '../../src/store/store.js';
import { tempDataDir } from '../helpers/server.js';

const T0 = new Date('2026-03-02T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

const config = (cron: string): MonitorConfig => ({
  name: 'watch',
  schedule: { cron, timezone: 'UTC' },
  targets: [],
  targetsView: [],
  webhook: null,
  notification: null,
  retentionDays: 30,
  goal: null,
  judgeFlag: null,
  baseUrl: 'http://127.0.0.1',
  apiKeyId: null,
});

async function addMonitor(store: Store, id: string, cron: string, nextRunAt: Date) {
  await store.monitors.create({
    id,
    teamId: 'team-1',
    status: 'active',
    config: config(cron),
    nextRunAt: nextRunAt.toISOString(),
    lastRunAt: null,
    currentCheckId: null,
    lastSummary: null,
    createdAt: T0.toISOString(),
    updatedAt: T0.toISOString(),
  });
}

function open(dir: string) {
  const store = createSqliteStore(dir);
  const queue = new LocalQueue(store.tasks, { concurrencyOf: { ofPlan: () => 8 } });
  const scheduler = (now: () => Date) => new MonitorScheduler({ store, queue }, { now });
  return { store, queue, scheduler };
}

describe('the monitor scheduler', () => {
  const dirs: string[] = [];
  const dir = () => {
    const d = tempDataDir();
    dirs.push(d);
    return d;
  };
  after(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  test('two schedulers on one store run a due tick exactly once', async () => {
    const { store, scheduler } = open(dir());
    try {
      await addMonitor(store, 'm-1', '*/5 * * * *', at(5));
      await addMonitor(store, 'm-2', '*/10 * * * *', at(10));
      const clock = () => at(10);
      const a = scheduler(clock);
      const b = scheduler(clock);
      const ran = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      assert.equal(ran.reduce((x, y) => x + y), 2, 'two due monitors, two checks across both schedulers');
      const checks1 = await store.monitors.listChecks('m-1', { limit: 10, offset: 0 });
      const checks2 = await store.monitors.listChecks('m-2', { limit: 10, offset: 0 });
      assert.equal(checks1.length, 1, 'one check for m-1');
      assert.equal(checks2.length, 1, 'one check for m-2');
      assert.equal(checks1[0]!.trigger, 'scheduled');
      assert.equal(checks1[0]!.scheduledFor, at(5).toISOString());
      assert.equal(checks1[0]!.status, 'queued');
      // Its task is queued under the check's id, so the worker runs it.
      const task = await store.tasks.get(checks1[0]!.id);
      assert.equal(task?.kind, MONITOR_CHECK);
      assert.equal(task?.state, 'queued');
      const m1 = await store.monitors.get('m-1');
      assert.equal(m1!.nextRunAt, at(15).toISOString());
      assert.equal(m1!.currentCheckId, checks1[0]!.id);
    } finally {
      await store.close();
    }
  });

  test('runs missed while the service was down are caught up once, and monitors survive the restart', async () => {
    const d = dir();
    const first = open(d);
    await addMonitor(first.store, 'm-1', '*/5 * * * *', at(5));
    await first.store.close();

    // Three hours later: 36 runs were missed.
    const later = open(d);
    try {
      const clock = () => at(180 + 2);
      const scheduler = later.scheduler(clock);
      assert.equal(await scheduler.tick(), 1);
      assert.equal(await scheduler.tick(), 0, 'the next run is in the future now');
      const checks = await later.store.monitors.listChecks('m-1', { limit: 100, offset: 0 });
      assert.equal(checks.length, 1);
      assert.equal((await later.store.monitors.get('m-1'))!.nextRunAt, at(185).toISOString());
    } finally {
      await later.store.close();
    }
  });

  test('a tick while the previous check still runs is recorded as skipped_overlap', async () => {
    const { store, scheduler } = open(dir());
    try {
      await addMonitor(store, 'm-1', '*/5 * * * *', at(5));
      await scheduler(() => at(5)).tick();
      await scheduler(() => at(10)).tick();
      const [skipped, running] = await store.monitors.listChecks('m-1', { limit: 10, offset: 0 });
      assert.equal(skipped!.status, 'skipped_overlap');
      assert.ok(skipped!.finishedAt);
      assert.equal(running!.status, 'queued');
      assert.equal((await store.monitors.get('m-1'))!.currentCheckId, running!.id);
    } finally {
      await store.close();
    }
  });

  test('paused and deleted monitors do not run', async () => {
    const { store, scheduler } = open(dir());
    try {
      await addMonitor(store, 'm-1', '*/5 * * * *', at(5));
      await store.monitors.update('m-1', { status: 'paused', now: T0.toISOString() });
      await addMonitor(store, 'm-2', '*/5 * * * *', at(5));
      await store.monitors.update('m-2', { status: 'deleted', now: T0.toISOString() });
      assert.equal(await scheduler(() => at(60)).tick(), 0);
    } finally {
      await store.close();
    }
  });

  test('after a crash a recorded check gets its task back, once', async () => {
    const { store, queue } = open(dir());
    try {
      await addMonitor(store, 'm-1', '*/5 * * * *', at(5));
      const begun = await store.monitors.beginCheck({ monitorId: 'm-1', checkId: 'c-1', trigger: 'manual', scheduledFor: null, now: T0.toISOString() });
      assert.equal(begun.outcome, 'started');
      assert.equal(await store.tasks.get('c-1'), null, 'the crash came before the task was queued');
      await recoverChecks({ store, queue });
      await recoverChecks({ store, queue });
      assert.equal((await store.tasks.get('c-1'))?.state, 'queued');
      // Enqueueing again (a scheduler racing the recovery) changes nothing.
      await enqueueCheck({ store, queue }, (await store.monitors.getCheck('c-1'))!);
      assert.equal((await store.tasks.counts('team-1')).queued, 1);
    } finally {
      await store.close();
    }
  });
});

describe('monitor check retention', () => {
  test('checks older than their monitor\'s retentionDays are purged with their pages', async () => {
    const d = tempDataDir();
    const { store } = open(d);
    try {
      await addMonitor(store, 'm-1', '*/5 * * * *', at(5));
      await store.monitors.update('m-1', { config: { ...config('*/5 * * * *'), retentionDays: 1 }, now: T0.toISOString() });
      for (const [id, when] of [['old', T0], ['recent', at(47 * 60)]] as const) {
        await store.monitors.beginCheck({ monitorId: 'm-1', checkId: id, trigger: 'manual', scheduledFor: null, now: when.toISOString() });
        await store.monitors.addPages(id, [
          { id: `${id}-page`, targetId: 't', url: 'http://x.test/', status: 'new', previousScrapeId: null, currentScrapeId: null, statusCode: 200, error: null, metadata: null, diff: null, snapshot: null, judgment: null, createdAt: when.toISOString() },
        ]);
        await store.monitors.finishCheck(id, { status: 'completed', summary: { totalPages: 1, same: 0, changed: 0, new: 1, removed: 0, error: 0 }, targetResults: [], actualCredits: 1, error: null, now: when.toISOString() });
      }
      assert.equal(await store.monitors.purgeExpiredChecks(at(48 * 60)), 1);
      assert.equal(await store.monitors.getCheck('old'), null);
      assert.equal((await store.monitors.pages('old', { skip: 0, limit: 10 })).total, 0);
      assert.ok(await store.monitors.getCheck('recent'));
    } finally {
      await store.close();
      fs.rmSync(d, { recursive: true, force: true });
    }
  });
});
