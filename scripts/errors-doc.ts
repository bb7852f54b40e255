// Rewrites docs/errors.md's table from src/errors/codes.ts: `npm run docs:errors`.
// test/errors/docs.test.ts fails while the two differ.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withErrorsTable } from '../src/errors/doc-table.js';

const page = fileURLToPath(new URL('../docs/errors.md', import.meta.url));
const before = fs.readFileSync(page, 'utf8');
const after = withErrorsTable(before);
if (after === before) console.log('docs/errors.md: errors table already up to date');
else {
  fs.writeFileSync(page, after);
  console.log('docs/errors.md: errors table rewritten');
}
