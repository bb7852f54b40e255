/**
 * Starts a whole Trawl (SQLite, in-process queue) and runs schemathesis against
 * its own /v2/openapi.json; exits with schemathesis's status. Meant to run inside
 * a network namespace that has only a loopback interface (schemathesis.test.ts
 * puts it there), so that no generated URL can reach past 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer } from '../helpers/server.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SCHEMATHESIS = path.join(HERE, '..', '..', 'sdk', 'python', '.venv', 'bin', 'schemathesis');

const server = await startTestServer({
  // A fuzzer sends hundreds of requests a minute: limits would answer most of them 429.
  TRAWL_RATE_LIMITS: '0',
  // Generated targets then need a public-looking host, as in production.
  TRAWL_ALLOW_PRIVATE_NETWORK: '0',
  // Schemathesis reports every failing answer itself; TRAWL_FUZZ_LOG_LEVEL=error adds the server's stack traces.
  TRAWL_LOG_LEVEL: process.env.TRAWL_FUZZ_LOG_LEVEL ?? 'silent',
});
const args = [
  '--config-file',
  path.join(HERE, 'schemathesis.toml'),
  'run',
  `${server.url}/v2/openapi.json`,
  '--header',
  `Authorization: Bearer ${server.key}`,
  '--checks',
  'not_a_server_error,response_schema_conformance,content_type_conformance,status_code_conformance,scrape_failure_is_the_contracts',
  ...process.argv.slice(2),
];
// Run from a scratch directory: schemathesis and hypothesis leave state files in the working one.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-fuzz-'));
const child = spawn(SCHEMATHESIS, args, {
  cwd: scratch,
  stdio: 'inherit',
  env: { ...process.env, SCHEMATHESIS_HOOKS: path.join(HERE, 'hooks.py') },
});
const code: number = await new Promise((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
await server.close();
fs.rmSync(scratch, { recursive: true, force: true });
process.exit(code);
