// Rewrites README.md's settings table from src/config/settings.ts: `npm run docs:settings`.
// test/docs/settings-table.test.ts fails while the two differ.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withSettingsTable } from '../src/config/readme-table.js';

const readme = fileURLToPath(new URL('../README.md', import.meta.url));
const before = fs.readFileSync(readme, 'utf8');
const after = withSettingsTable(before);
if (after === before) console.log('README.md: settings table already up to date');
else {
  fs.writeFileSync(readme, after);
  console.log('README.md: settings table rewritten');
}
