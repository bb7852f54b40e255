import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatList } from '../../src/api/formats.js';
import { accept, assertIssue, reject } from './issues.js';

describe('formats (§2.2)', () => {
  test('strings are shorthand for objects, with the object defaults applied', () => {
    assert.deepEqual(accept(formatList, ['markdown', 'links', 'screenshot', 'changeTracking']), [
      { type: 'markdown' },
      { type: 'links' },
      { type: 'screenshot', fullPage: false },
      { type: 'changeTracking', modes: [], tag: null },
    ]);
  });

  test('object forms keep their options', () => {
    const schema = { type: 'object', properties: { price: { type: 'number' } } };
    assert.deepEqual(
      accept(formatList, [
        { type: 'json', prompt: 'Extract prices', schema },
        { type: 'screenshot', fullPage: true, quality: 80, viewport: { width: 1280, height: 800 } },
        { type: 'attributes', selectors: [{ selector: 'a', attribute: 'href' }] },
        { type: 'question', question: 'What is sold?' },
        { type: 'highlights', query: 'pricing' },
        { type: 'query', prompt: 'x' },
      ]),
      [
        { type: 'json', prompt: 'Extract prices', schema },
        { type: 'screenshot', fullPage: true, quality: 80, viewport: { width: 1280, height: 800 } },
        { type: 'attributes', selectors: [{ selector: 'a', attribute: 'href' }] },
        { type: 'question', question: 'What is sold?' },
        { type: 'highlights', query: 'pricing' },
        { type: 'query', prompt: 'x', mode: 'freeform' },
      ],
    );
  });

  test('the string "json" is refused, pointing at the object form', () => {
    assertIssue(formatList, ['json'], '0', /^json format requires either 'prompt' or 'schema'/);
  });

  test('the json object needs a prompt or a schema', () => {
    assertIssue(formatList, [{ type: 'json' }], '0', "json format requires either 'prompt' or 'schema' (or both)");
    accept(formatList, [{ type: 'json', schema: { type: 'object' } }]);
  });

  test('formats with required options have no string form', () => {
    assertIssue(formatList, ['question'], '0', /^The question format needs options/);
    assertIssue(formatList, [{ type: 'question' }], '0', 'question: Invalid input: expected string, received undefined');
  });

  test('unknown formats are named in the message', () => {
    assertIssue(formatList, ['pdf'], '0', /^Unknown format "pdf"\. Expected one of: markdown, html/);
    assertIssue(formatList, [{ type: 'pdf' }], '0', /^type: Invalid discriminator value/);
  });

  test('unknown options inside a format object are refused', () => {
    assert.equal(reject(formatList, [{ type: 'markdown', fullPage: true }]).has('0'), true);
  });

  test('option ranges are checked', () => {
    assert.ok(reject(formatList, [{ type: 'screenshot', quality: 101 }]).has('0.quality'));
    assert.ok(reject(formatList, [{ type: 'screenshot', viewport: { width: 7681, height: 100 } }]).has('0.viewport.width'));
    assertIssue(formatList, [{ type: 'changeTracking', modes: ['word-diff'] }], '0', /^modes\.0: Invalid option/);
  });

  test('at most one screenshot', () => {
    assertIssue(formatList, ['screenshot', { type: 'screenshot', fullPage: true }], '', 'You may only specify one screenshot format');
  });

  test('changeTracking needs markdown in the same list', () => {
    assertIssue(
      formatList,
      ['html', 'changeTracking'],
      '',
      'The changeTracking format requires the markdown format to be specified as well',
    );
    accept(formatList, ['markdown', { type: 'changeTracking', modes: ['git-diff'], tag: 'prod' }]);
  });

  test('null options count as absent', () => {
    assert.deepEqual(accept(formatList, [{ type: 'screenshot', fullPage: null, quality: null }]), [
      { type: 'screenshot', fullPage: false, quality: undefined },
    ]);
  });
});
