import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { plainSnippet } from '../../src/store/pages.js';

describe('search snippets are plain text (docs/search.md)', () => {
  test('links keep their words, also when the snippet window cuts them off at either end', () => {
    assert.equal(plainSnippet('See the [introduction](http://x.example/intro) and [the guide](http://x.example/gu…'), 'See the introduction and the guide');
    assert.equal(plainSnippet('duction](http://x.example/intro) then more'), 'duction then more');
    assert.equal(plainSnippet('example/intro) then more'), 'then more');
  });

  test('rules, table pipes, bullets, emphasis and images are dropped; prose keeps its dashes', () => {
    assert.equal(plainSnippet('--- ---\n| a | b |\n|---|---|\n- item one\n+ item two'), 'a b item one item two');
    assert.equal(plainSnippet('![logo](http://x/l.png) **bold** _text_ `code`'), 'bold text code');
    assert.equal(plainSnippet('a - b, 3 + 4'), 'a - b, 3 + 4');
  });
});
