import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chooseLogFormat } from '../../src/http/log-format.js';

describe('log format: readable on a terminal, JSON for machines', () => {
  test('auto is pretty on a TTY and JSON otherwise; an explicit setting wins either way', () => {
    assert.equal(chooseLogFormat(true, 'auto'), 'pretty');
    assert.equal(chooseLogFormat(false, 'auto'), 'json');
    assert.equal(chooseLogFormat(true, 'json'), 'json');
    assert.equal(chooseLogFormat(false, 'pretty'), 'pretty');
  });
});
