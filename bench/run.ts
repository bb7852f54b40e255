// Runs every benchmark in bench/ (each top-level *.ts but this one), one process each so
// that one benchmark's heap and JIT state do not colour the next, then sums up every
// target: each benchmark prints its figures as ratios against a peer or ceiling measured
// in the same run (bench/lib/targets.ts), and this exits non-zero when one is missed.
//
//   npm run bench                 everything: 20 minutes or more on 2 cores (the 10 000-page
//                                 memory crawl alone took 6 minutes on a busy machine)
//   npm run bench -- --quick      skips the slow parts: sets BENCH_QUICK=1 (8 minutes on a
//                                 busy 2-core machine, bench/quality.ts aside)
//   npm run bench -- crawl        only the benchmarks whose file name starts so
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.filter((a) => !a.startsWith('--'));
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('.'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();

const started = performance.now();
const summary: string[] = [];
let failed = false;
for (const file of benches) {
  console.log(`\n=== bench/${file}`);
  const t = performance.now();
  // The same V8 flags as `npm start`, so a benchmark measures what the server runs:
  // a larger young generation spares the per-page parse trees most scavenges.
  const child = spawn(process.execPath, ['--max-semi-space-size=16', '--import', 'tsx', `${dir}${file}`], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...(quick ? { BENCH_QUICK: '1' } : {}) },
  });
  let rest = '';
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop()!;
    for (const line of lines) if (/^(TARGET|SKIPPED) /.test(line)) summary.push(`${file.padEnd(20)} ${line}`);
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) {
    failed = true;
    if (!summary.some((l) => l.startsWith(file) && l.includes('MISSED'))) summary.push(`${file.padEnd(20)} FAILED (exit ${code})`);
  }
  console.log(`(bench/${file}: ${((performance.now() - t) / 1000).toFixed(0)} s)`);
}
console.log(`\n=== summary (${((performance.now() - started) / 1000).toFixed(0)} s${quick ? ', --quick' : ''})`);
for (const line of summary) console.log(line);
console.log(failed ? 'Some targets were missed.' : 'Every target was met.');
process.exit(failed ? 1 : 0);
