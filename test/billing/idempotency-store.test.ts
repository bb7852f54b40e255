import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createSqliteStore } from '../../src/store/sqlite/index.js';
import type { Store } from '../../src/store/store.js';

describe('idempotency key store', () => {
  let dir: string;
  let store: Store;
  let a: string;
  let b: string;
  const t0 = new Date('2025-09-01T00:00:00.000Z');
  const plus = (ms: number) => new Date(t0.getTime() + ms);
  const DAY = 24 * 3600_000;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-idem-'));
    store = createSqliteStore(dir);
    a = (await store.teams.createTeam({ name: 'a', plan: 'free' })).id;
    b = (await store.teams.createTeam({ name: 'b', plan: 'free' })).id;
  });
  after(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('first use claims, reuse does not, keys are per team', async () => {
    assert.equal(await store.idempotency.claim(a, 'k1', t0, plus(DAY)), true);
    assert.equal(await store.idempotency.claim(a, 'k1', plus(1000), plus(DAY)), false);
    assert.equal(await store.idempotency.claim(b, 'k1', t0, plus(DAY)), true, 'another team’s key of the same value');
  });

  test('a released key can be claimed again', async () => {
    assert.equal(await store.idempotency.claim(a, 'k2', t0, plus(DAY)), true);
    await store.idempotency.release(a, 'k2');
    assert.equal(await store.idempotency.claim(a, 'k2', t0, plus(DAY)), true);
  });

  test('a key is held until it expires, then is free', async () => {
    assert.equal(await store.idempotency.claim(a, 'k3', t0, plus(DAY)), true);
    assert.equal(await store.idempotency.claim(a, 'k3', plus(DAY - 1), plus(2 * DAY)), false);
    assert.equal(await store.idempotency.claim(a, 'k3', plus(DAY), plus(2 * DAY)), true);
  });

  test('keys of any length and content are stored by hash', async () => {
    const long = 'x'.repeat(100_000) + '🙂';
    assert.equal(await store.idempotency.claim(a, long, t0, plus(DAY)), true);
    assert.equal(await store.idempotency.claim(a, long, t0, plus(DAY)), false);
    assert.equal(await store.idempotency.claim(a, long.slice(1), t0, plus(DAY)), true);
  });
});
