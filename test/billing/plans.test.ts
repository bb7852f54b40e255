import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  concurrencyOf,
  DEFAULT_RATE_LIMITS,
  findPlan,
  PLANS,
  planNames,
  planOf,
  rateLimitOf,
  UNLIMITED_CREDITS,
  UnknownPlanError,
} from '../../src/billing/plans.js';

const CLASSES = ['scrape', 'search', 'map', 'crawl', 'extract', 'crawlStatus', 'extractStatus'] as const;

describe('plans', () => {
  test('the catalog has the documented plans, each with every rate class', () => {
    assert.deepEqual(planNames(), ['free', 'hobby', 'standard', 'growth', 'unlimited']);
    for (const p of Object.values(PLANS)) {
      assert.deepEqual(Object.keys(p.rateLimits).sort(), [...CLASSES].sort(), p.name);
      for (const c of CLASSES) assert.ok(Number.isInteger(p.rateLimits[c]) && p.rateLimits[c] > 0, `${p.name}.${c}`);
      assert.ok(Number.isInteger(p.credits) && p.credits > 0, p.name);
      assert.ok(Number.isInteger(p.concurrency) && p.concurrency > 0, p.name);
    }
  });

  test('credits, limits and concurrency grow with the plan', () => {
    const order = ['free', 'hobby', 'standard', 'growth', 'unlimited'].map((n) => planOf(n));
    for (let i = 1; i < order.length; i++) {
      const [lo, hi] = [order[i - 1]!, order[i]!];
      assert.ok(hi.credits > lo.credits, `${hi.name} credits`);
      assert.ok(hi.concurrency >= lo.concurrency, `${hi.name} concurrency`);
      for (const c of CLASSES) assert.ok(hi.rateLimits[c] >= lo.rateLimits[c], `${hi.name}.${c}`);
    }
  });

  test('unlimited is the integer 999999999, never Infinity (§1.10)', () => {
    assert.equal(UNLIMITED_CREDITS, 999_999_999);
    assert.equal(PLANS.unlimited.credits, 999_999_999);
    assert.equal(PLANS.unlimited.unlimited, true);
    assert.ok(Object.values(PLANS).filter((p) => p.unlimited).length === 1);
  });

  test('standard carries exactly the reference defaults of §1.9', () => {
    assert.deepEqual(PLANS.standard.rateLimits, {
      scrape: 100,
      search: 100,
      map: 100,
      crawl: 15,
      extract: 100,
      crawlStatus: 25_000,
      extractStatus: 25_000,
    });
    assert.equal(PLANS.standard.rateLimits, DEFAULT_RATE_LIMITS);
  });

  test('an unknown plan name: not found, planOf throws, limits fall back to the reference defaults', () => {
    assert.equal(findPlan('gold'), undefined);
    assert.equal(findPlan('toString'), undefined, 'no prototype keys');
    assert.throws(() => planOf('gold'), (e) => e instanceof UnknownPlanError && e.planName === 'gold');
    assert.equal(rateLimitOf('gold', 'crawl'), 15);
    assert.equal(rateLimitOf('free', 'scrape'), 10);
  });

  test('concurrencyOf takes a plan or its name; an unknown name gets the smallest plan’s', () => {
    assert.equal(concurrencyOf(PLANS.growth), 100);
    assert.equal(concurrencyOf('hobby'), 5);
    assert.equal(concurrencyOf('gold'), PLANS.free.concurrency);
  });
});
