import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BrowserError } from '../../src/browser/errors.js';
import { PageSlots } from '../../src/browser/page-slots.js';

const closed = new BrowserError('BROWSER_CLOSED', 'closed');

describe('PageSlots', () => {
  it('grants up to its size at once and the rest in arrival order', async () => {
    const slots = new PageSlots(2);
    const a = await slots.acquire();
    await slots.acquire();
    const order: string[] = [];
    const c = slots.acquire().then((release) => (order.push('c'), release));
    const d = slots.acquire().then((release) => (order.push('d'), release));
    assert.equal(slots.queued, 2);
    a();
    a(); // a second call is a no-op, not a second slot
    (await c)();
    await d;
    assert.deepEqual(order, ['c', 'd']);
    assert.equal(slots.inUse, 2);
  });

  it('lets a waiter give up through its signal', async () => {
    const slots = new PageSlots(1);
    await slots.acquire();
    const controller = new AbortController();
    const waiting = slots.acquire(controller.signal);
    controller.abort(new Error('deadline'));
    await assert.rejects(waiting, /deadline/);
    assert.equal(slots.queued, 0);
  });

  it('close refuses waiters and new requests, and resolves when the last slot is released', async () => {
    const slots = new PageSlots(1);
    const release = await slots.acquire();
    const waiting = slots.acquire();
    let drained = false;
    const closing = slots.close(closed).then(() => (drained = true));
    await assert.rejects(waiting, closed);
    await assert.rejects(slots.acquire(), closed);
    assert.equal(drained, false);
    release();
    await closing;
    assert.equal(drained, true);
  });
});
