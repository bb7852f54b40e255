import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { LocalQueue } from '../../src/jobs/local-queue.js';
import { createSqliteStore } from '../../src/store/sqlite/index.js';
import { run, type Running } from '../helpers/process.js';
import { tempDataDir } from '../helpers/server.js';

const fixture = fileURLToPath(new URL('../fixtures/queue-worker.ts', import.meta.url));
const TASKS = 6;

async function until(what: string, cond: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await sleep(10);
  }
}

const lines = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
const tally = (items: string[]) => items.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());

test('kill -9 in the middle of a job: on restart every task completes, the interrupted one exactly once', { timeout: 60_000 }, async () => {
  const dataDir = tempDataDir();
  const logDir = tempDataDir();
  const file = (name: string) => path.join(logDir, name);
  const children: Running[] = [];
  const start = async () => {
    const child = run(process.execPath, ['--import', 'tsx', fixture, dataDir, logDir], {});
    children.push(child);
    const [, recovered] = (await child.waitFor(/ready \d+ recovered (\d+)/)) as RegExpMatchArray;
    return { ...child, recovered: Number(recovered) };
  };

  try {
    const setup = createSqliteStore(dataDir);
    const job = await setup.jobs.create({ kind: 'batch_scrape', teamId: 't1', options: {} });
    const queue = new LocalQueue(setup.tasks, { concurrencyOf: { ofPlan: () => 2 } });
    const ids = await queue.enqueueMany(
      Array.from({ length: TASKS }, () => ({ kind: 'slow', teamId: 't1', jobId: job.id, payload: { ms: 150 } })),
    );
    await setup.close();

    // Killed between a task's effect and its completion: the window where a
    // naive queue would lose the task or run its completion twice.
    const first = await start();
    await until('a task has applied its effect', () => lines(file('effects.log')).length > 0);
    first.child.kill('SIGKILL');
    await first.exited;
    const [interrupted] = lines(file('effects.log'));
    assert.ok(interrupted);
    const completedBeforeKill = new Set(lines(file('completions.log')));
    assert.ok(!completedBeforeKill.has(interrupted), 'the kill came before the task completed');

    const second = await start();
    assert.ok(second.recovered >= 1, 'the restarted process found the orphaned tasks');
    const reader = createSqliteStore(dataDir, { exclusive: false });
    try {
      await until('the job has ended', async () => (await reader.jobs.get(job.id))?.status !== 'running');
      const ended = (await reader.jobs.get(job.id))!;
      assert.equal(ended.status, 'completed');
      assert.equal(ended.total, TASKS);
      assert.equal(ended.completed, TASKS, 'each completion was counted once');
      assert.equal(ended.failed, 0);
      for (const id of ids) assert.equal((await reader.tasks.get(id))?.state, 'completed', `task ${id}`);
      assert.equal((await reader.tasks.get(interrupted))?.attempts, 2);
    } finally {
      await reader.close();
    }
    second.child.kill('SIGTERM');
    assert.equal(await second.exited, 0);

    const completions = tally(lines(file('completions.log')));
    const effects = tally(lines(file('effects.log')));
    const starts = tally(lines(file('starts.log')).map((l) => l.split(' ')[0]!));
    for (const id of ids) {
      assert.equal(completions.get(id), 1, `completion of ${id} recorded once`);
      assert.equal(effects.get(id), 1, `effect of ${id} applied once`);
    }
    assert.equal(completions.size, TASKS, 'nothing else completed');
    assert.equal(starts.get(interrupted), 2, 'the interrupted task ran again');
    const pids = new Set(lines(file('starts.log')).filter((l) => l.startsWith(interrupted)).map((l) => l.split(' ')[1]));
    assert.equal(pids.size, 2, 'once in each process');
  } finally {
    for (const c of children) c.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(logDir, { recursive: true, force: true });
  }
});
