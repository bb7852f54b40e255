import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { location } from '../../src/api/location.js';
import { accept, assertIssue } from './issues.js';

describe('location (§2.5)', () => {
  test('country defaults to US and is upper-cased', () => {
    assert.deepEqual(accept(location, {}), { country: 'US' });
    assert.deepEqual(accept(location, { country: 'de', languages: ['de-DE', 'en'] }), {
      country: 'DE',
      languages: ['de-DE', 'en'],
    });
    assert.deepEqual(accept(location, { country: null }), { country: 'US' });
  });

  test('an unknown country code is refused', () => {
    assertIssue(location, { country: 'XX' }, 'country', 'Invalid country code. Use a valid ISO 3166-1 alpha-2 country code.');
  });
});
