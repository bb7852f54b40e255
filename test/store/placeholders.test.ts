import assert from 'node:assert/strict';
import { test } from 'node:test';
import { numberPlaceholders } from '../../src/store/postgres/placeholders.js';

test('each ? becomes $1, $2, … in order, casts and operators around it untouched', () => {
  assert.equal(
    numberPlaceholders('SELECT * FROM t WHERE a = ? AND b = ANY(?::text[]) AND c <= ? LIMIT ?'),
    'SELECT * FROM t WHERE a = $1 AND b = ANY($2::text[]) AND c <= $3 LIMIT $4',
  );
});

test('a ? inside a string literal, a quoted name or a comment is not a placeholder', () => {
  assert.equal(
    numberPlaceholders(`SELECT '?', 'it''s ?', "col?" FROM t -- why?\nWHERE a = ? /* or ? */ AND b = '?' || ?`),
    `SELECT '?', 'it''s ?', "col?" FROM t -- why?\nWHERE a = $1 /* or ? */ AND b = '?' || $2`,
  );
});

test('a statement without placeholders comes back as it was', () => {
  const sql = "UPDATE jobs SET status = 'running' WHERE status = 'queued'";
  assert.equal(numberPlaceholders(sql), sql);
});
