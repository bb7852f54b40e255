// Runs every test file under test/ with Node's own runner. Node 20 has no glob
// support in `node --test`, hence this small walk.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return walk(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

const only = process.argv.slice(2);
const files = only.length ? only : walk('test').sort();
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);
