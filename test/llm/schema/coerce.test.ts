import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { coerceToSchema, toBoolean, toDate, toNumber } from '../../../src/llm/schema/coerce.js';

describe('coercion of page values to schema types', () => {
  test('numbers as pages write them', () => {
    assert.equal(toNumber('$1,299.99'), 1299.99);
    assert.equal(toNumber('1.299,00 €'), 1299);
    assert.equal(toNumber('€89,90'), 89.9);
    assert.equal(toNumber('12,500'), 12500);
    assert.equal(toNumber('4.6 out of 5'), 4.6);
    assert.equal(toNumber('12k followers'), 12000);
    assert.equal(toNumber('390 kcal'), 390);
    assert.equal(toNumber('-3 °C'), -3);
    assert.equal(toNumber('no price'), undefined);
  });

  test('booleans from words and schema.org availability', () => {
    assert.equal(toBoolean('Yes'), true);
    assert.equal(toBoolean('https://schema.org/OutOfStock'), false);
    assert.equal(toBoolean('In stock'), true);
    assert.equal(toBoolean('maybe'), undefined);
  });

  test('dates to ISO when the schema says date', () => {
    assert.equal(toDate('2025-03-16T08:30:00Z', 'date'), '2025-03-16');
    assert.equal(toDate('March 3rd, 2025', 'date'), '2025-03-03');
    assert.equal(toDate('soon', 'date'), 'soon');
  });

  test('whole structures: objects to names, single values to lists, enums case-insensitively, closed objects trimmed', () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      properties: {
        brand: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
        count: { type: 'integer' },
        status: { type: 'string', enum: ['Active', 'Closed'] },
        offer: { $ref: '#/$defs/offer' },
      },
      $defs: { offer: { type: 'object', properties: { price: { type: 'number' } } } },
    };
    assert.deepEqual(coerceToSchema({ brand: { '@type': 'Brand', name: 'Acme' }, tags: 'solo', count: '7.0', status: 'active', offer: { price: '$5' }, extra: 1 }, schema), {
      brand: 'Acme',
      tags: ['solo'],
      count: 7,
      status: 'Active',
      offer: { price: 5 },
    });
  });
});
