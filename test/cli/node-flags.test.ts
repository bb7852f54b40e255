// `npm start`, the `trawl` command and the deploy guide must start Node with the same V8 flags:
// without them an idle server re-compiles its code on its next crawl (docs/deploy.md).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';

const start = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
const flags = /^node ((?:--[\w-]+(?:=\S+)? )*)--import tsx src\/main\.ts$/.exec(start)?.[1]?.trim();

describe('Node flags', () => {
  it('npm start keeps the code V8 compiled through idle time', () => {
    assert.ok(flags, start);
    for (const flag of ['--no-memory-reducer', '--no-flush-bytecode', '--no-flush-baseline-code']) assert.ok(flags.split(' ').includes(flag), flag);
  });

  it('the trawl command runs with the flags of npm start', () => {
    const shebang = fs.readFileSync('bin/trawl.js', 'utf8').split('\n')[0];
    assert.equal(shebang, `#!/usr/bin/env -S node ${flags}`);
  });

  it('the deploy guide shows the command npm start runs', () => {
    assert.ok(fs.readFileSync('docs/deploy.md', 'utf8').includes(`\n${start}\n`), 'docs/deploy.md shows npm start\'s command');
  });
});
