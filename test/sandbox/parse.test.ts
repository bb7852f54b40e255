import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseScript, ScriptSyntaxError, splitWords } from '../../src/sandbox/vocabulary/parse.js';

describe('sandbox: bash quoting', () => {
  it('splits words like a POSIX shell, without expanding anything', () => {
    assert.deepEqual(splitWords(`type '#q' "blue   widgets"`, 1), ['type', '#q', 'blue   widgets']);
    assert.deepEqual(splitWords(`eval 'it''s' "say \\"hi\\" \\\\ $HOME" a\\ b`, 1), ['eval', 'its', 'say "hi" \\ $HOME', 'a b']);
    assert.deepEqual(splitWords(`fill input ""`, 1), ['fill', 'input', '']);
    assert.deepEqual(splitWords(`click nav > a`, 1), ['click', 'nav', '>', 'a'], 'CSS combinators are words');
    assert.deepEqual(splitWords(`type '#q' '&&'`, 1), ['type', '#q', '&&'], 'quoted operators are text');
  });

  it('refuses shell operators and unterminated quotes, naming the line', () => {
    assert.throws(() => splitWords('open a && title', 3), (err: unknown) => err instanceof ScriptSyntaxError && /^line 3: .*not a shell/.test(err.message));
    assert.throws(() => splitWords('title | grep x', 1), /not a shell/);
    assert.throws(() => splitWords(`click 'x`, 2), /line 2: unterminated single quote/);
  });

  it('skips blank and comment lines and keeps line numbers', () => {
    assert.deepEqual(parseScript('\n# open things\nopen https://a.test/\n\n  title  \r\n'), [
      { line: 3, argv: ['open', 'https://a.test/'] },
      { line: 5, argv: ['title'] },
    ]);
  });
});
