import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config.js';
import { withSettingsTable } from '../../src/config/readme-table.js';
import { allSettings } from '../../src/config/settings.js';

const readme = fs.readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');

describe("README.md's settings table", () => {
  test('is the one src/config/settings.ts writes (run `npm run docs:settings` after changing a setting)', () => {
    assert.equal(readme, withSettingsTable(readme));
  });

  test('names every setting once, each with its meaning', () => {
    const rows = readme.split('\n').filter((line) => /^\| `[A-Z_]+` \|/.test(line));
    const names = rows.map((line) => /^\| `([A-Z_]+)`/.exec(line)![1]);
    const declared = allSettings().map((d) => d.setting.env);
    assert.equal(new Set(declared).size, declared.length, 'a variable is declared twice in src/config/settings.ts');
    assert.deepEqual([...names].sort(), [...declared].sort());
    for (const row of rows) assert.match(row, /\| [^|]*\w[^|]* \|$/, row);
  });

  test('the defaults it shows are the ones Trawl uses: setting each one changes nothing', () => {
    const defaults = loadConfig({});
    for (const { setting } of allSettings()) {
      if (setting.default === undefined) continue;
      assert.deepEqual(loadConfig({ [setting.env]: setting.default }), defaults, setting.env);
    }
  });
});
