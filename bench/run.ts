// Runs every benchmark in bench/ (each *.ts but this one), one process each so that one
// benchmark's heap and JIT state do not colour the next.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();

let failed = false;
for (const file of benches) {
  console.log(`\n=== bench/${file}`);
  // The same V8 flags as `npm start`, so a benchmark measures what the server runs:
  // a larger young generation spares the per-page parse trees most scavenges,
  // and 32 MB (not more) keeps a 10 000-page crawl under its 300 MB ceiling.
  const r = spawnSync(process.execPath, ['--max-semi-space-size=32', '--import', 'tsx', `${dir}${file}`], { stdio: 'inherit' });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
