// Runs every test file under test/ with Node's own runner (Node 20 has no glob
// support in `node --test`, hence this small walk), then the Python SDK's pytest suite.
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
// Python test paths named on the command line go to pytest, the rest to node.
const onlyPython = only.filter((f) => f.startsWith('sdk/python'));
const onlyNode = only.filter((f) => !f.startsWith('sdk/python'));
// sdk/js is its own package, tested against the same running Trawl.
const files = only.length ? onlyNode : ['test', 'sdk/js/test'].flatMap(walk).sort();
// First as one machine runs Trawl (SQLite, the in-process queue); then, when CI
// provides them, again with every test server on PostgreSQL and Redis
// (test/helpers/server.ts reads these two variables).
const { TRAWL_TEST_REDIS_URL, TRAWL_TEST_DATABASE_URL, ...localEnv } = process.env;
const passes = [{ name: 'SQLite, local queue', env: localEnv }];
if (TRAWL_TEST_REDIS_URL || TRAWL_TEST_DATABASE_URL) {
  passes.push({ name: `${TRAWL_TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${TRAWL_TEST_REDIS_URL ? 'BullMQ on Redis' : 'local queue'}`, env: process.env });
}
let status = 0;
if (files.length) {
  for (const pass of passes) {
    if (passes.length > 1) console.log(`\n# Backends: ${pass.name}\n`);
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', ...files], { stdio: 'inherit', env: pass.env });
    status = r.status || status || (r.status === null ? 1 : 0);
  }
}
if (!only.length || onlyPython.length) status = runPytest(onlyPython.length ? onlyPython : ['sdk/python/tests']) || status;
process.exit(status);

/**
 * The Python SDK's tests and the official Python SDK's compatibility tests, with the
 * interpreter .ci/run prepares (sdk/python/.venv), else python3 from PATH.
 */
function runPytest(paths) {
  const venv = path.join('sdk', 'python', '.venv', 'bin', 'python');
  const python = fs.existsSync(venv) ? venv : 'python3';
  const probe = spawnSync(python, ['-c', 'import pytest, pytest_asyncio, httpx, firecrawl'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) {
    console.error(
      `\nCannot run the Python tests: ${python} ${probe.error ? 'was not found' : 'lacks pytest, pytest-asyncio, httpx or firecrawl'}.\n` +
        'Install them with:\n' +
        '  python3 -m venv sdk/python/.venv\n' +
        '  sdk/python/.venv/bin/pip install -r sdk/python/requirements-test.txt -e sdk/python\n',
    );
    return 1;
  }
  const r = spawnSync(python, ['-m', 'pytest', ...paths, '-q'], { stdio: 'inherit' });
  return r.status ?? 1;
}
