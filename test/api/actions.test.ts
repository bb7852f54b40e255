import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { actionList } from '../../src/api/actions.js';
import { accept, assertIssue, reject } from './issues.js';

describe('actions (§2.3)', () => {
  test('every action type parses with its defaults', () => {
    assert.deepEqual(
      accept(actionList, [
        { type: 'wait', milliseconds: 500 },
        { type: 'wait', selector: '#ready' },
        { type: 'click', selector: '#accept' },
        { type: 'write', text: 'hello' },
        { type: 'press', key: 'Enter' },
        { type: 'scroll' },
        { type: 'screenshot' },
        { type: 'scrape' },
        { type: 'executeJavascript', script: 'return 1' },
        { type: 'pdf' },
      ]),
      [
        { type: 'wait', milliseconds: 500 },
        { type: 'wait', selector: '#ready' },
        { type: 'click', selector: '#accept', all: false },
        { type: 'write', text: 'hello' },
        { type: 'press', key: 'Enter' },
        { type: 'scroll', direction: 'down' },
        { type: 'screenshot', fullPage: false },
        { type: 'scrape' },
        { type: 'executeJavascript', script: 'return 1' },
        { type: 'pdf', format: 'Letter', landscape: false, scale: 1 },
      ],
    );
  });

  test('wait needs exactly one of milliseconds and selector', () => {
    const message = "Either 'milliseconds' or 'selector' must be provided, but not both.";
    assertIssue(actionList, [{ type: 'wait' }], '0', message);
    assertIssue(actionList, [{ type: 'wait', milliseconds: 100, selector: '#x' }], '0', message);
    assertIssue(actionList, [{ type: 'wait', milliseconds: null, selector: null }], '0', message);
  });

  test('wait milliseconds must be positive', () => {
    assert.ok(reject(actionList, [{ type: 'wait', milliseconds: 0 }]).has('0.milliseconds'));
  });

  test('no more than 50 actions', () => {
    const scrape = { type: 'scrape' };
    accept(actionList, Array(50).fill(scrape));
    assertIssue(actionList, Array(51).fill(scrape), '', 'Number of actions cannot exceed 50');
  });

  test('unknown action types and fields are refused', () => {
    assert.ok(reject(actionList, [{ type: 'hover', selector: 'a' }]).has('0.type'));
    assert.ok(reject(actionList, [{ type: 'click', selector: 'a', force: true }]).has('0'));
    assert.ok(reject(actionList, [{ type: 'pdf', format: 'B5' }]).has('0.format'));
  });
});
