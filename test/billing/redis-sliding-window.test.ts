import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { RedisSlidingWindowLimiter } from '../../src/billing/redis-sliding-window.js';
import { connectRedis } from '../../src/jobs/redis-bus.js';
import { redisPrefix, testRedis } from '../helpers/redis.js';

describe('rate limits shared through Redis', () => {
  const conns: ReturnType<typeof connectRedis>[] = [];
  const limiter = async (prefix: string, windowMs: number) => {
    const c = connectRedis((await testRedis()).url, 'test');
    conns.push(c);
    return new RedisSlidingWindowLimiter(c, prefix, windowMs);
  };
  after(() => {
    for (const c of conns) c.disconnect();
  });

  test('two processes count the same team against one limit; refused requests are not counted', async () => {
    const prefix = redisPrefix();
    const a = await limiter(prefix, 60_000);
    const b = await limiter(prefix, 60_000);
    const decisions = [await a.hit('t1:scrape', 3), await b.hit('t1:scrape', 3), await a.hit('t1:scrape', 3)];
    assert.deepEqual(decisions.map((d) => [d.allowed, d.consumed, d.remaining]), [[true, 1, 2], [true, 2, 1], [true, 3, 0]]);
    const refused = await b.hit('t1:scrape', 3);
    assert.equal(refused.allowed, false);
    assert.equal(refused.consumed, 3);
    assert.ok(refused.retryAfterMs > 0 && refused.retryAfterMs <= 60_000);
    assert.equal((await b.hit('t1:scrape', 3)).consumed, 3, 'the refused request was not counted');
    assert.equal((await b.hit('t1:crawl', 3)).allowed, true, 'another endpoint class has its own count');
    assert.equal((await (await limiter(redisPrefix(), 60_000)).hit('t1:scrape', 3)).allowed, true, 'another Trawl has its own');
  });

  test('a slot frees once its request leaves the window', async () => {
    const l = await limiter(redisPrefix(), 300);
    assert.equal((await l.hit('t1:scrape', 1)).allowed, true);
    const refused = await l.hit('t1:scrape', 1);
    assert.equal(refused.allowed, false);
    await sleep(refused.retryAfterMs + 20);
    assert.equal((await l.hit('t1:scrape', 1)).allowed, true);
  });
});
