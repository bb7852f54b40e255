import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { billingPeriodOf, billingPeriodOfMonth, periodBounds, previousPeriod } from '../../src/billing/period.js';

describe('billing period (calendar month, UTC)', () => {
  test('contains the instant, bounds as §13.1 shows them', () => {
    const p = billingPeriodOf(new Date('2025-09-03T21:11:25.636Z'));
    assert.equal(p.month, '2025-09');
    assert.equal(p.start.toISOString(), '2025-09-01T00:00:00.000Z');
    assert.equal(p.end.toISOString(), '2025-10-01T00:00:00.000Z');
    assert.deepEqual(periodBounds(p), { start: '2025-09-01T00:00:00Z', end: '2025-09-30T23:59:59Z' });
  });

  test('the edges belong to the right month, whatever the local time zone', () => {
    assert.equal(billingPeriodOf(new Date('2025-09-30T23:59:59.999Z')).month, '2025-09');
    assert.equal(billingPeriodOf(new Date('2025-10-01T00:00:00.000Z')).month, '2025-10');
  });

  test('February in a leap year, and December rolls into the next year', () => {
    assert.equal(periodBounds(billingPeriodOfMonth('2024-02')).end, '2024-02-29T23:59:59Z');
    const dec = billingPeriodOfMonth('2025-12');
    assert.equal(dec.end.toISOString(), '2026-01-01T00:00:00.000Z');
    assert.equal(previousPeriod(billingPeriodOfMonth('2026-01')).month, '2025-12');
  });

  test('a malformed month key is refused', () => {
    assert.throws(() => billingPeriodOfMonth('2025-9'), RangeError);
  });
});
