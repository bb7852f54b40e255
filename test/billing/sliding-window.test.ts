import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SlidingWindowLimiter } from '../../src/billing/sliding-window.js';

function clock(start = 1_000_000) {
  const c = { t: start, now: () => c.t };
  return c;
}

describe('sliding-window rate limiter', () => {
  test('allows up to the limit within a rolling minute, then refuses with the wait', async () => {
    const c = clock();
    const l = new SlidingWindowLimiter(60_000, c.now);
    for (let i = 1; i <= 3; i++) {
      const d = await l.hit('t:scrape', 3);
      assert.deepEqual([d.allowed, d.consumed, d.remaining], [true, i, 3 - i]);
      c.t += 10_000;
    }
    const refused = await l.hit('t:scrape', 3);
    assert.equal(refused.allowed, false);
    assert.equal(refused.consumed, 3);
    assert.equal(refused.remaining, 0);
    // The first request was at t0 and now is t0 + 30 s: it leaves the window in 30 s.
    assert.equal(refused.retryAfterMs, 30_000);
    assert.equal(refused.resetsAt.getTime(), 1_000_000 + 60_000);
  });

  test('the window rolls: a slot frees exactly when the oldest request is a minute old', async () => {
    const c = clock();
    const l = new SlidingWindowLimiter(60_000, c.now);
    await l.hit('k', 2);
    c.t += 30_000;
    await l.hit('k', 2);
    c.t += 29_999;
    assert.equal((await l.hit('k', 2)).allowed, false);
    c.t += 1;
    assert.equal((await l.hit('k', 2)).allowed, true, 'the first request left the window');
    assert.equal((await l.hit('k', 2)).allowed, false, 'the second is still in it');
  });

  test('refused requests do not count, so a hammering client gets in once there is room', async () => {
    const c = clock();
    const l = new SlidingWindowLimiter(60_000, c.now);
    await l.hit('k', 1);
    for (let i = 0; i < 100; i++) {
      c.t += 500;
      assert.equal((await l.hit('k', 1)).allowed, false);
    }
    c.t += 10_000;
    assert.equal((await l.hit('k', 1)).allowed, true);
  });

  test('keys are independent', async () => {
    const l = new SlidingWindowLimiter(60_000, clock().now);
    assert.equal((await l.hit('a:crawl', 1)).allowed, true);
    assert.equal((await l.hit('a:crawl', 1)).allowed, false);
    assert.equal((await l.hit('a:scrape', 1)).allowed, true);
    assert.equal((await l.hit('b:crawl', 1)).allowed, true);
  });

  test('a long run keeps exactly `limit` per window (compaction keeps order)', async () => {
    const c = clock();
    const l = new SlidingWindowLimiter(1_000, c.now);
    let allowed = 0;
    for (let i = 0; i < 10_000; i++) {
      if ((await l.hit('k', 50)).allowed) allowed++;
      c.t += 1;
    }
    // 10 s of traffic through a 1 s window of 50: 10 windows' worth.
    assert.equal(allowed, 500);
  });
});
