// Runs a command with TRAWL_TEST_DATABASE_URL set, so that every test server
// stores into PostgreSQL: the given URL if already set, else a throwaway
// cluster (test/helpers/postgres.ts) stopped when the command ends.
//   node --import tsx scripts/with-postgres.ts npm test
import { spawnSync } from 'node:child_process';
import { testPostgres } from '../test/helpers/postgres.js';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('usage: node --import tsx scripts/with-postgres.ts COMMAND [ARGS...]');
  process.exit(2);
}
const url = await testPostgres();
if (!url) {
  console.error('No PostgreSQL: install it (initdb and pg_ctl) or set TRAWL_TEST_DATABASE_URL.');
  process.exit(1);
}
const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, TRAWL_TEST_DATABASE_URL: url } });
process.exit(r.status ?? 1);
