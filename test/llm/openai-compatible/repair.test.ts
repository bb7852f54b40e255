import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseJsonAnswer } from '../../../src/llm/openai-compatible/repair.js';

const value = (text: string) => {
  const r = parseJsonAnswer(text);
  return r.ok ? r.value : 'NOT JSON';
};

describe('reading JSON out of model answers', () => {
  test('clean, fenced, wrapped in prose, after a reasoning block', () => {
    assert.deepEqual(value('{"a":1}'), { a: 1 });
    assert.deepEqual(value('```json\n{"a": 1}\n```'), { a: 1 });
    assert.deepEqual(value('Here you go: {"a": {"b": "x}"}} Hope that helps!'), { a: { b: 'x}' } });
    assert.deepEqual(value('<think>{"draft": true}</think>\n{"a": 2}'), { a: 2 });
    assert.deepEqual(value('[1, 2, 3]'), [1, 2, 3]);
  });

  test('trailing commas, typographic quotes, an answer cut off mid-way', () => {
    assert.deepEqual(value('{"a": [1, 2,], }'), { a: [1, 2] });
    assert.deepEqual(value('{\u201ca\u201d: \u201cb\u201d}'), { a: 'b' });
    assert.deepEqual(value('{"name": "Lamp", "tags": ["brass", "desk"'), { name: 'Lamp', tags: ['brass', 'desk'] });
  });

  test('no JSON at all', () => {
    assert.equal(value('Sorry, I cannot do that.'), 'NOT JSON');
  });
});
