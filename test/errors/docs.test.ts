import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { ERRORS } from '../../src/errors/codes.js';
import { withErrorsTable } from '../../src/errors/doc-table.js';

const page = fs.readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');

test('docs/errors.md holds the table the registry writes (run `npm run docs:errors` after changing src/errors/codes.ts)', () => {
  assert.equal(page, withErrorsTable(page));
});

test('every code a body can carry is listed in docs/errors.md', () => {
  for (const [code, entry] of Object.entries(ERRORS)) {
    if ('bare' in entry) continue;
    assert.match(page, new RegExp(`^\\| ${entry.status}[ /0-9]* \\| \`${code}\` \\|`, 'm'), `${code} is missing from docs/errors.md`);
  }
});
