import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { historicalUsageQuery } from '../../src/api/team.js';
import { accept, reject } from './issues.js';

describe('historical usage query (§13.2, §13.4)', () => {
  test('byApiKey reads true/false and defaults to false', () => {
    assert.deepEqual(accept(historicalUsageQuery, {}), { byApiKey: false });
    assert.deepEqual(accept(historicalUsageQuery, { byApiKey: 'true' }), { byApiKey: true });
    assert.deepEqual(accept(historicalUsageQuery, { byApiKey: 'false' }), { byApiKey: false });
    assert.ok(reject(historicalUsageQuery, { byApiKey: 'sometimes' }).has('byApiKey'));
  });
});
