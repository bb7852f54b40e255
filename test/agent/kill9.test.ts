import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { until } from '../batch/helpers.js';
import { PRODUCT_SCHEMA, productPage } from '../extract/pages.js';
import { startSite } from '../fixtures/site.js';
import { restartableServer } from '../helpers/process.js';
import { TEST_KEY, tempDataDir } from '../helpers/server.js';

const URLS = 4;

test('kill -9 in the middle of an agent run: after a restart it resumes, its trace and spend carried over', { timeout: 90_000 }, async () => {
  const dataDir = tempDataDir();
  const gauge = { served: 0 };
  const slow = (i: number) => async (_req: IncomingMessage, res: ServerResponse) => {
    await sleep(500);
    gauge.served++;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(productPage(`Part ${i}`, 10 + i, `Spare part number ${i}.`));
  };
  const site = await startSite();
  for (let i = 0; i < URLS; i++) site.set(`/part/${i}`, slow(i));
  const trawl = restartableServer(dataDir, TEST_KEY);

  try {
    const first = await trawl.start();
    const urls = Array.from({ length: URLS }, (_, i) => site.url(`/part/${i}`));
    const started = await first.api('POST', '/v2/agent', { prompt: 'part names and prices', urls, schema: PRODUCT_SCHEMA });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const id: string = started.body.id;
    await until('two pages are read', () => gauge.served >= 2);
    await sleep(100);
    await trawl.kill9(first);

    const second = await trawl.start();
    let done: any;
    await until('the run has ended', async () => {
      done = (await second.api('GET', `/v2/agent/${id}`)).body;
      return done.status !== 'processing';
    }, 30_000);
    assert.equal(done.status, 'completed', JSON.stringify(done));
    assert.deepEqual(done.data, { name: 'Part 0', price: 10 });
    assert.equal(done.creditsUsed, URLS, 'each page paid once');

    const trace = (await second.api('GET', `/v2/agent/${id}/trace`)).body;
    const types: string[] = trace.events.map((e: any) => e.type);
    assert.equal(types.filter((t) => t === 'run.started').length, 1);
    assert.ok(trace.events.some((e: any) => e.type === 'progress.reported' && e.message === 'Resumed after a restart'));
    assert.equal(types.at(-1), 'run.finished');
    assert.deepEqual(trace.events.map((e: any) => e.producerSequence), trace.events.map((_: unknown, i: number) => i + 1));

    second.proc.child.kill('SIGTERM');
    assert.equal(await second.proc.exited, 0);
  } finally {
    trawl.cleanup();
    await site.close();
  }
});
