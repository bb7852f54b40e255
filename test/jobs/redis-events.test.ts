import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { JobEvent } from '../../src/jobs/events.js';
import { RedisBus } from '../../src/jobs/redis-bus.js';
import { RedisJobEvents } from '../../src/jobs/redis-events.js';
import { RedisLease } from '../../src/jobs/redis-lease.js';
import { redisPrefix, testRedis } from '../helpers/redis.js';

const log = { error: (obj: object, msg?: string) => console.error(msg, obj) };
const job = { id: 'job-1', kind: 'crawl', teamId: 't1' };

describe('job events and leases shared through Redis', () => {
  const buses: RedisBus[] = [];
  async function bus(prefix: string) {
    const b = new RedisBus((await testRedis()).url, prefix, log);
    buses.push(b);
    return b;
  }
  afterEach(async () => {
    for (const b of buses.splice(0)) await b.close();
  });

  test("a worker process's events reach the API process's listeners; the outbox side hears only its own", async () => {
    const prefix = redisPrefix();
    const worker = await RedisJobEvents.start(await bus(prefix), log);
    const api = await RedisJobEvents.start(await bus(prefix), log);
    const elsewhere = await RedisJobEvents.start(await bus(redisPrefix()), log);
    const heard = { worker: [] as JobEvent[], api: [] as JobEvent[], apiLocal: [] as JobEvent[], elsewhere: [] as JobEvent[] };
    worker.subscribe((e) => void heard.worker.push(e));
    api.subscribe((e) => void heard.api.push(e));
    api.local.subscribe((e) => void heard.apiLocal.push(e));
    elsewhere.subscribe((e) => void heard.elsewhere.push(e));

    const page: JobEvent = { type: 'page', job, document: { markdown: '# Hi', metadata: { url: 'https://a.test/', statusCode: 200 } } as never };
    await worker.emit(page);
    await worker.emit({ type: 'completed', job });
    for (let i = 0; i < 100 && heard.api.length < 2; i++) await sleep(10);

    assert.deepEqual(heard.api, [page, { type: 'completed', job }], 'in order, documents whole');
    assert.deepEqual(heard.worker, [page, { type: 'completed', job }], 'the emitter hears its events once');
    assert.deepEqual(heard.apiLocal, [], 'events of other processes are not written to the outbox twice');
    assert.deepEqual(heard.elsewhere, [], 'another Trawl on the same Redis (another prefix) hears nothing');
  });

  test('one process at a time holds a lease; another takes it when the holder gives it up', async () => {
    const prefix = redisPrefix();
    const a = new RedisLease(await bus(prefix), 'duty', log, 300);
    const b = new RedisLease(await bus(prefix), 'duty', log, 300);
    await a.start();
    await b.start();
    assert.equal(a.held(), true);
    assert.equal(b.held(), false);
    await a.stop();
    for (let i = 0; i < 100 && !b.held(); i++) await sleep(20);
    assert.equal(b.held(), true);
    await b.stop();
  });
});
